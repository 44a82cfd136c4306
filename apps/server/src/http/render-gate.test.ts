import { describe, expect, it } from 'vitest'
import { RenderGate, RenderRefused } from './render-gate.js'

/** A render that runs until released. */
function held() {
  let release!: () => void
  const done = new Promise<void>((resolve) => (release = resolve))
  return { run: () => done.then(() => 'rendered'), release }
}

describe('RenderGate', () => {
  it('runs `concurrency` renders, queues `queue` more, and refuses the rest as busy', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 1, perClient: 10, waitMs: 60_000 })
    const first = held()
    const running = gate.run('a', first.run)
    const queued = gate.run('b', async () => 'second')
    await expect(gate.run('c', async () => 'third')).rejects.toEqual(new RenderRefused('busy'))
    first.release()
    expect(await running).toBe('rendered')
    expect(await queued).toBe('second')
    expect(await gate.run('c', async () => 'later')).toBe('later')
  })

  it('gives one address at most perClient renders running or waiting (429), others still get theirs', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 10, perClient: 2, waitMs: 60_000 })
    const first = held()
    const one = gate.run('a', first.run)
    const two = gate.run('a', async () => 'queued')
    const refused = await gate.run('a', async () => 'no').catch((e: RenderRefused) => e)
    expect(refused).toBeInstanceOf(RenderRefused)
    expect(refused).toMatchObject({ reason: 'client', retryAfterSeconds: 1 })
    const other = gate.run('b', async () => 'other address')
    first.release()
    expect(await Promise.all([one, two, other])).toEqual(['rendered', 'queued', 'other address'])
  })

  it('ends a wait longer than waitMs as busy, and the place is not lost', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 5, perClient: 5, waitMs: 20 })
    const first = held()
    const running = gate.run(undefined, first.run)
    await expect(gate.run(undefined, async () => 'late')).rejects.toMatchObject({
      reason: 'busy',
      retryAfterSeconds: 2,
    })
    first.release()
    await running
    expect(gate.idle).toBe(true)
    expect(await gate.run(undefined, async () => 'next')).toBe('next')
  })

  it('frees the place when a render throws', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 0, perClient: 1, waitMs: 1000 })
    await expect(gate.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await gate.run('a', async () => 'again')).toBe('again')
  })
})
