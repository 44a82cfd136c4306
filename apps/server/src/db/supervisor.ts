// Keeps the embedded PostgreSQL running while the server runs. When it exits on its own (killed,
// crashed, out of memory) the API answers 503 (db/unavailable.ts) while this starts it again on
// the same port, so the pools reconnect by themselves: at once after a database that had been up
// a while, with growing pauses while it keeps failing. After `maxFailures` failed starts in a row
// it gives up, and the server exits non-zero for an outer supervisor (systemd, pm2, Docker).

export interface Supervised {
  /** Resolves when the current database process exits. */
  readonly exited: Promise<void>
  /** Starts the database again; rejects if it does not come up. */
  restart(): Promise<void>
}

export interface SupervisorOptions {
  log: { info(msg: string): void; warn(msg: string): void; error(msg: string): void }
  /** Failed starts in a row before giving up. */
  maxFailures: number
  /** Called once, with the last start error, when the supervisor gives up. */
  onGiveUp(error: Error): void
  /** Pause before restart attempt `n` (1 = the first retry after a failure). */
  backoffMs?: (n: number) => number
  /** A database that was up for less than this counts its exit as a failure for the backoff. */
  stableMs?: number
  now?: () => number
}

export interface Supervisor {
  /** 'up', 'restarting', or 'stopped' (after stop() or giving up). */
  readonly state: 'up' | 'restarting' | 'stopped'
  /** Restarts in the past, for logs and tests. */
  readonly restarts: number
  /** Stops supervising; waits for a restart in progress to settle (the caller stops the db). */
  stop(): Promise<void>
}

export const defaultBackoffMs = (n: number) => Math.min(250 * 2 ** (n - 1), 15_000)

export function supervise(target: Supervised, opts: SupervisorOptions): Supervisor {
  const backoff = opts.backoffMs ?? defaultBackoffMs
  const stableMs = opts.stableMs ?? 10_000
  const now = opts.now ?? Date.now
  let state: Supervisor['state'] = 'up'
  let restarts = 0
  let upSince = now()
  // Quick exits in a row: a database that dies right after each start is paused for too.
  let quickExits = 0
  let recovering: Promise<void> = Promise.resolve()
  let wake: (() => void) | undefined
  // A function, not a comparison: stop() changes the state while recover() awaits.
  const stopped = () => state === 'stopped'

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined
        resolve()
      }, ms)
      wake = () => {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
    })

  const watch = () => {
    void target.exited.then(() => {
      if (state !== 'up') return
      state = 'restarting'
      recovering = recover()
    })
  }

  async function recover(): Promise<void> {
    quickExits = now() - upSince < stableMs ? quickExits + 1 : 0
    opts.log.error(
      'embedded PostgreSQL exited unexpectedly: the API answers 503 until it is back; restarting it',
    )
    let failures = 0
    for (;;) {
      const pause = failures + quickExits === 0 ? 0 : backoff(failures + quickExits)
      if (pause > 0) await sleep(pause)
      if (stopped()) return
      try {
        await target.restart()
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e))
        failures++
        opts.log.warn(
          `starting the embedded PostgreSQL again failed (${failures} of ${opts.maxFailures}): ` +
            error.message,
        )
        if (failures >= opts.maxFailures) {
          state = 'stopped'
          opts.log.error(
            `the embedded PostgreSQL failed to start ${failures} times in a row: giving up, ` +
              'so that an outer supervisor restarts the whole server',
          )
          opts.onGiveUp(error)
          return
        }
        continue
      }
      // stop() during the restart: the caller stops the database we have just started.
      if (stopped()) return
      restarts++
      upSince = now()
      state = 'up'
      opts.log.info('embedded PostgreSQL is back')
      watch()
      return
    }
  }

  watch()
  return {
    get state() {
      return state
    },
    get restarts() {
      return restarts
    },
    async stop() {
      state = 'stopped'
      wake?.()
      await recovering
    },
  }
}
