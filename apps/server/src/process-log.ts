// The log lines of the server's and the worker's own steps (start-up, shutdown), as JSON lines like
// Fastify's own logger.
import type { Config } from './config.js'

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 }

/** JSON lines like Fastify's own logger, for the steps before and after the app exists. */
export function createLogger(level: Config['logLevel']) {
  const write = (lvl: keyof typeof LEVELS, msg: string) => {
    if (LEVELS[lvl] < LEVELS[level]) return
    const line = JSON.stringify({ level: LEVELS[lvl], time: Date.now(), pid: process.pid, msg })
    ;(lvl === 'error' || lvl === 'fatal' ? process.stderr : process.stdout).write(line + '\n')
  }
  return {
    info: (msg: string) => write('info', msg),
    warn: (msg: string) => write('warn', msg),
    error: (msg: string) => write('error', msg),
  }
}
