import { describe, expect, it } from 'vitest'
import { supervise, type Supervised } from './supervisor.js'

/** A database stand-in: `crash()` ends the current process; restarts fail while `failing` > 0. */
function fakeDatabase(failing = 0) {
  let end: () => void = () => undefined
  const newProcess = () => new Promise<void>((resolve) => (end = resolve))
  let exited = newProcess()
  const calls: string[] = []
  let restarted: () => void = () => undefined
  const target: Supervised & { crash(): void; restartedOnce: () => Promise<void> } = {
    get exited() {
      return exited
    },
    async restart() {
      calls.push('restart')
      if (failing > 0) {
        failing--
        throw new Error('could not bind IPv4 address "127.0.0.1": Address already in use')
      }
      exited = newProcess()
      restarted()
    },
    crash: () => end(),
    restartedOnce: () => new Promise<void>((resolve) => (restarted = resolve)),
  }
  return { target, calls }
}

const quietLog = () => {
  const lines: string[] = []
  return {
    lines,
    log: {
      info: (m: string) => lines.push(`info: ${m}`),
      warn: (m: string) => lines.push(`warn: ${m}`),
      error: (m: string) => lines.push(`error: ${m}`),
    },
  }
}

describe('supervise', () => {
  it('starts the database again after it exits, at once, and keeps watching', async () => {
    const { target, calls } = fakeDatabase()
    const { log, lines } = quietLog()
    const pauses: number[] = []
    let t = 0
    const sup = supervise(target, {
      log,
      maxFailures: 3,
      onGiveUp: () => expect.fail('gave up'),
      backoffMs: (n) => (pauses.push(n), 0),
      now: () => t,
      stableMs: 10_000,
    })
    t = 60_000
    let back = target.restartedOnce()
    target.crash()
    await back
    await Promise.resolve()
    expect(sup.state).toBe('up')
    expect(sup.restarts).toBe(1)
    // Up for a minute before it died: no pause.
    expect(pauses).toEqual([])

    back = target.restartedOnce()
    target.crash()
    await back
    await Promise.resolve()
    expect(sup.restarts).toBe(2)
    // It died right after coming back: the next start waits.
    expect(pauses).toEqual([1])
    expect(calls).toEqual(['restart', 'restart'])
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([
      'error: embedded PostgreSQL exited unexpectedly: the API answers 503 until it is back; restarting it',
      'error: embedded PostgreSQL exited unexpectedly: the API answers 503 until it is back; restarting it',
    ])
    await sup.stop()
  })

  it('retries failed starts with growing pauses and gives up after maxFailures in a row', async () => {
    const { target, calls } = fakeDatabase(Infinity)
    const { log, lines } = quietLog()
    const pauses: number[] = []
    let gaveUp: (e: Error) => void = () => undefined
    const givenUp = new Promise<Error>((resolve) => (gaveUp = resolve))
    const sup = supervise(target, {
      log,
      maxFailures: 3,
      onGiveUp: (e) => gaveUp(e),
      backoffMs: (n) => (pauses.push(n), 1),
      now: () => 1_000_000,
      stableMs: 0,
    })
    target.crash()
    const error = await givenUp
    expect(error.message).toBe('could not bind IPv4 address "127.0.0.1": Address already in use')
    expect(calls).toEqual(['restart', 'restart', 'restart'])
    expect(pauses).toEqual([1, 2])
    expect(sup.state).toBe('stopped')
    expect(lines.at(-1)).toBe(
      'error: the embedded PostgreSQL failed to start 3 times in a row: giving up, so that an outer supervisor restarts the whole server',
    )
  })

  it('a failure followed by a success resets the count', async () => {
    const { target, calls } = fakeDatabase(2)
    const { log } = quietLog()
    const sup = supervise(target, {
      log,
      maxFailures: 3,
      onGiveUp: () => expect.fail('gave up'),
      backoffMs: () => 1,
      stableMs: 0,
    })
    const back = target.restartedOnce()
    target.crash()
    await back
    expect(calls).toEqual(['restart', 'restart', 'restart'])
    await Promise.resolve()
    expect(sup.state).toBe('up')
    await sup.stop()
  })

  it('stop() ends a pending retry: nothing is started after it', async () => {
    const { target, calls } = fakeDatabase(1)
    const { log } = quietLog()
    const sup = supervise(target, {
      log,
      maxFailures: 5,
      onGiveUp: () => expect.fail('gave up'),
      backoffMs: () => 60_000,
      stableMs: 0,
    })
    target.crash()
    // The first (immediate) attempt fails, then it waits a minute: stop() must not wait for it.
    await new Promise((r) => setImmediate(r))
    await sup.stop()
    expect(calls).toEqual(['restart'])
    expect(sup.state).toBe('stopped')
  })
})
