import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { LogSummary } from './log-summary.js'
import { describeRenderLog } from './render-console.js'

/** A logger that keeps what it was given. */
function recordingLog(level = 'debug') {
  const lines: { level: string; fields: object; msg: string }[] = []
  const at = (name: string) => (fields: object, msg: string) =>
    lines.push({ level: name, fields, msg })
  const log = {
    level,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  } as unknown as FastifyBaseLogger
  return { log, lines }
}

describe('LogSummary', () => {
  it('writes the first of a kind, counts the rest, and says how many at the end of the window', () => {
    const { log, lines } = recordingLog()
    const summary = new LogSummary(log, { windowMs: 60_000 })
    for (let i = 0; i < 1000; i++) summary.note('debug', 'page read failed: news: busy')
    summary.note('warn', 'something else')
    expect(lines).toEqual([
      { level: 'debug', fields: {}, msg: 'page read failed: news: busy' },
      { level: 'warn', fields: {}, msg: 'something else' },
    ])
    summary.flush()
    expect(lines.slice(2)).toEqual([
      {
        level: 'debug',
        fields: { repeats: 999 },
        msg: 'page read failed: news: busy (999 more in the last 60 s)',
      },
    ])
    summary.note('debug', 'page read failed: news: busy')
    expect(lines).toHaveLength(4)
    summary.flush()
  })

  it('keeps at most maxKinds kinds a window; the rest are counted together', () => {
    const { log, lines } = recordingLog()
    const summary = new LogSummary(log, { maxKinds: 3 })
    for (let i = 0; i < 50; i++) summary.note('warn', `kind ${i}`)
    expect(lines.map((l) => l.msg)).toEqual(['kind 0', 'kind 1', 'kind 2'])
    summary.flush()
    expect(lines.at(-1)?.msg).toBe('other log lines of this minute (47 more in the last 60 s)')
  })

  it('neither writes nor counts below the logger’s level', () => {
    const { log, lines } = recordingLog('info')
    const summary = new LogSummary(log)
    summary.note('debug', 'quiet')
    summary.flush()
    expect(lines).toEqual([])
  })
})

class ReadError extends Error {
  override name = 'ReadError'
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

describe('describeRenderLog', () => {
  it('makes a read refused for being busy one debug line without a stack', () => {
    const line = describeRenderLog('error', [
      'Loading the news failed',
      new ReadError('news: Too many requests', 429),
    ])
    expect(line).toEqual({
      level: 'debug',
      msg: 'page read failed: Loading the news failed: news: Too many requests',
      fields: { status: 429 },
    })
  })

  it('makes any other failed read a warning without a stack, and a bug an error with one', () => {
    expect(
      describeRenderLog('error', ["Could not list the bucket 'x':", new ReadError('x: gone', 404)]),
    ).toEqual({
      level: 'warn',
      msg: "page read failed: Could not list the bucket 'x': x: gone",
      fields: { status: 404 },
    })
    const bug = new TypeError('x is undefined')
    expect(describeRenderLog('error', ['Rendering the page failed in part', bug])).toEqual({
      level: 'error',
      msg: 'Rendering the page failed in part: x is undefined',
      fields: { err: bug },
    })
  })
})
