// Runs the real server entry (src/main.ts through tsx) as a child process in its own process
// group, the way an operator runs it, so tests can signal or SIGKILL the whole group (server AND
// its embedded PostgreSQL) and read what it logged.
import { spawn, type ChildProcess } from 'node:child_process'
import { REPO_ROOT } from '../../src/config.js'
import { sourceArgs } from './source-args.js'

export interface MainProcess {
  child: ChildProcess
  /** Resolves with the server's URL once it logs that it is ready; rejects if it exits first. */
  ready: Promise<string>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  output(): string
  /** Resolves once the output matches (rejects if the process exits first). */
  waitFor(pattern: RegExp): Promise<void>
  /** Sends a signal to the whole process group. */
  signalGroup(signal: NodeJS.Signals): void
}

/** `script`: another entry point of the server (the queue worker's `worker-main.ts`). */
export function spawnMain(
  env: Record<string, string>,
  script = 'apps/server/src/main.ts',
): MainProcess {
  const inherited = { ...process.env }
  // The embedded database is under test here, not whatever the run was pointed at.
  delete inherited.DATABASE_URL
  const child = spawn(process.execPath, sourceArgs(script), {
    cwd: REPO_ROOT,
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  // Called after every chunk of output and at exit: waitFor() checks again.
  const waiters = new Set<() => void>()
  const onOutput = (c: Buffer) => {
    out += c.toString()
    for (const w of waiters) w()
  }
  child.stdout?.on('data', onOutput)
  child.stderr?.on('data', onOutput)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const ready = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const m = /Rent Due is ready on (http:\/\/[^\s"]+)/.exec(out)
      if (m) {
        child.stdout?.off('data', onData)
        resolve(m[1] as string)
      }
    }
    child.stdout?.on('data', onData)
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited (${signal ?? code}) before it was ready:\n${out}`)),
    )
  })
  ready.catch(() => undefined)
  return {
    child,
    ready,
    exited,
    output: () => out,
    async waitFor(pattern) {
      let ended = false
      void exited.then(() => {
        ended = true
        for (const w of waiters) w()
      })
      while (!pattern.test(out)) {
        if (ended) throw new Error(`exited before printing ${pattern}:\n${out}`)
        await new Promise<void>((resolve) => {
          const w = () => {
            waiters.delete(w)
            resolve()
          }
          waiters.add(w)
        })
      }
    },
    signalGroup(signal) {
      if (child.pid === undefined) return
      try {
        process.kill(-child.pid, signal)
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e
      }
    },
  }
}
