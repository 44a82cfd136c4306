// While a page renders on the server the web build's own code logs with `console` (a read that
// failed, a part of the page that threw), and a ReadError printed by console.error is a 1.5 KB
// stack trace. Inside a render those lines go to the server's logger instead (log-summary.ts): a
// read the database refused for being busy is one debug line without a stack, any other failed
// read one warning without a stack, a real error an error with its stack; repeats are counted.
// Outside a render `console` behaves as always.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { SummaryLevel } from './log-summary.js'

const METHODS = ['error', 'warn', 'info', 'log', 'debug'] as const
type Method = (typeof METHODS)[number]

export interface RenderLogLine {
  level: SummaryLevel
  msg: string
  fields: Record<string, unknown>
}

type Sink = (line: RenderLogLine) => void

const scope = new AsyncLocalStorage<Sink>()
let installed = false

/** Runs `render` with the console lines it causes handed to `sink`. */
export function withRenderConsole<T>(sink: Sink, render: () => Promise<T>): Promise<T> {
  if (!installed) {
    installed = true
    for (const method of METHODS) {
      const original = console[method].bind(console)
      console[method] = (...args: unknown[]) => {
        const to = scope.getStore()
        if (to) to(describeRenderLog(method, args))
        else original(...args)
      }
    }
  }
  return scope.run(sink, render)
}

interface ErrorLike {
  name: string
  message: string
  status?: unknown
}

function isErrorLike(value: unknown): value is ErrorLike {
  return value instanceof Error
}

/** What one console call of a render becomes in the server's log. */
export function describeRenderLog(method: Method, args: readonly unknown[]): RenderLogLine {
  const text = args
    .filter((a): a is string => typeof a === 'string')
    .join(' ')
    .replace(/:\s*$/, '')
  const error = args.find(isErrorLike)
  if (error?.name === 'ReadError' && typeof error.status === 'number') {
    // 429 or 503: the database was busy or a share was used up, ours to bear, not a fault.
    const busy = error.status === 429 || error.status === 503 || error.status === 0
    return {
      level: busy ? 'debug' : 'warn',
      msg: `page read failed: ${text}: ${error.message}`,
      fields: { status: error.status },
    }
  }
  if (error) return { level: 'error', msg: `${text}: ${error.message}`, fields: { err: error } }
  const level: SummaryLevel =
    method === 'error' || method === 'warn' ? 'warn' : method === 'debug' ? 'debug' : 'info'
  return { level, msg: text, fields: {} }
}
