// The job queue: graphile-worker (decision 381) on the site's own PostgreSQL. Its schema
// (`graphile_worker`) is installed at start-up right after our migrations (installQueue), by the
// same admin connection. The worker runs inside the server process unless QUEUE_WORKER=off, and as
// a process of its own with `npm run worker` (worker-main.ts). Jobs live in the database, so they
// survive restarts; graphile-worker locks each with SKIP LOCKED, so a job runs in one process at
// a time however many run; a failed job is tried again with exponential backoff.
//
// One thing graphile-worker leaves to us: a process killed mid-job keeps its jobs locked for four
// hours. Each process therefore records its workers' ids against a database session it holds open
// (job_presence.workers, migration 0031); when that session is gone the process is gone, and any
// process unlocks its jobs at once (reapDeadWorkers).
import { EventEmitter } from 'node:events'
import {
  Logger,
  run,
  runMigrations,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker'
import pg from 'pg'

export interface QueueLog {
  info(msg: string): void
  warn(msg: string): void
  error(msg: string): void
}

/** How often each process looks for the jobs of processes that died. */
export const REAP_EVERY_MS = 2_000

/** graphile-worker's messages, at our levels; its debug chatter is left out. */
function queueLogger(log: QueueLog): Logger {
  return new Logger(() => (level, message) => {
    if (level === 'error') log.error(`queue: ${message}`)
    else if (level === 'warning') log.warn(`queue: ${message}`)
    else if (level === 'info' && !/looking for jobs|Worker connected/i.test(message)) {
      log.info(`queue: ${message}`)
    }
  })
}

/**
 * A client losing its server must not crash the process (the next query reports it); handlers on
 * both events also keep graphile-worker from printing its warning (not a JSON line) to stdout.
 */
function quietClients(pool: pg.Pool): void {
  if (pool.listenerCount('error') === 0) pool.on('error', () => undefined)
  if (pool.listenerCount('connect') === 0) {
    pool.on('connect', (client) => void client.on('error', () => undefined))
  }
}

/** Installs or updates graphile-worker's schema (its own migrations, under its own lock). */
export async function installQueue(pool: pg.Pool, log: Omit<QueueLog, 'error'>): Promise<void> {
  quietClients(pool)
  await runMigrations({ pgPool: pool, logger: queueLogger({ ...log, error: log.warn }) })
}

/** Unlocks the jobs of workers whose process's session has ended; returns how many workers. */
export async function reapDeadWorkers(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `with dead as (
       delete from job_presence.workers w
        where not exists (select 1 from pg_catalog.pg_stat_activity a
                           where a.pid = w.pid and a.backend_start = w.backend_start)
       returning w.worker_id)
     select graphile_worker.force_unlock_workers(
              coalesce((select pg_catalog.array_agg(worker_id) from dead), '{}')),
            (select pg_catalog.count(*) from dead)::int as n`,
  )
  return rows[0]?.n ?? 0
}

export interface QueueWorker {
  stop(): Promise<void>
}

export interface QueueWorkerOptions {
  /** The admin connection string: the queue's schema belongs to that user. */
  adminUrl: string
  concurrency: number
  /** The tasks, given the queue's pool for their own queries. */
  taskList: (pool: pg.Pool) => TaskList
  log: QueueLog
}

/** Pause before start attempt n + 1 of a worker that lost its database. */
const restartBackoffMs = (n: number) => Math.min(500 * 2 ** (n - 1), 15_000)

/**
 * The worker, started again whenever it loses its database (its presence session ends or the
 * runner fails, e.g. the embedded PostgreSQL restarting): stopped first, so none of its jobs runs
 * twice, then started afresh with new ids, with pauses from 0.5 s to 15 s while that fails.
 */
export async function startQueueWorker(opts: QueueWorkerOptions): Promise<QueueWorker> {
  const { log } = opts
  let stopped = false
  let wake: (() => void) | undefined
  let restarting: Promise<void> | undefined
  const onLost = () => {
    if (stopped || restarting) return
    restarting = (async () => {
      await current.stop()
      for (let attempt = 1; !stopped; attempt++) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, restartBackoffMs(attempt))
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        if (stopped) return
        try {
          current = await startOnce(opts, onLost)
          log.info('queue: the worker runs again')
          return
        } catch (e) {
          log.warn(`queue: the worker cannot start yet (${(e as Error).message})`)
        }
      }
    })().finally(() => {
      restarting = undefined
    })
  }
  let current = await startOnce(opts, onLost)
  return {
    async stop() {
      stopped = true
      wake?.()
      await restarting
      await current.stop()
    },
  }
}

async function startOnce(opts: QueueWorkerOptions, onLost: () => void): Promise<QueueWorker> {
  const { log } = opts
  const pool = new pg.Pool({
    connectionString: opts.adminUrl,
    max: opts.concurrency + 4,
    application_name: 'rent-due queue',
  })
  quietClients(pool)
  // The session that stands for this process; it is never used for anything else.
  const presence = new pg.Client({
    connectionString: opts.adminUrl,
    application_name: 'rent-due queue presence',
  })
  const current: { runner?: Runner } = {}
  let stopped = false
  presence.on('error', (e) => {
    if (stopped) return
    // Without its session this process looks dead to the others, who may unlock its jobs: it
    // stops taking jobs rather than run one twice, and starts again with a new session.
    log.error(`queue: lost its presence session (${e.message}): the worker restarts`)
    onLost()
  })
  presence.on('end', () => {
    if (stopped) return
    log.error('queue: its presence session ended: the worker restarts')
    onLost()
  })
  await presence.connect()
  // backend_start as text: a JS Date would drop its microseconds, and it would never match again.
  const { rows } = await presence.query<{ pid: number; backend_start: string }>(
    `select pid, backend_start::text from pg_catalog.pg_stat_activity where pid = pg_catalog.pg_backend_pid()`,
  )
  const me = rows[0]
  if (!me) throw new Error('queue: no session row for the presence connection')
  const registered: Promise<unknown>[] = []
  const events: WorkerEvents = new EventEmitter() as WorkerEvents
  const register = (id: string) =>
    registered.push(
      pool
        .query(
          `insert into job_presence.workers (worker_id, pid, backend_start)
           values ($1, $2, $3::timestamptz)
           on conflict (worker_id) do update set pid = excluded.pid,
             backend_start = excluded.backend_start`,
          [id, me.pid, me.backend_start],
        )
        .catch((e: Error) => log.error(`queue: could not record a worker: ${e.message}`)),
    )
  // graphile-worker locks jobs under the pool's id (or a worker's, depending on how it fetches
  // them): both are recorded.
  events.on('pool:create', ({ workerPool }) => register(workerPool.id))
  events.on('worker:create', ({ worker }) => register(worker.workerId))
  const reap = async () => {
    try {
      const n = await reapDeadWorkers(pool)
      if (n > 0) log.warn(`queue: unlocked the jobs of ${n} workers of a process that is gone`)
    } catch (e) {
      log.warn(`queue: looking for dead workers failed: ${(e as Error).message}`)
    }
  }
  await reap()
  const runner = await run({
    pgPool: pool,
    concurrency: opts.concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    // No crontab file: without this graphile-worker looks for ./crontab and logs that it is absent.
    parsedCronItems: [],
    // Batched (delay 0: no wait) so that recording a job's end goes through graphile-worker's
    // retrying batcher. Unbatched, a lost connection at that moment is an unhandled rejection that
    // ends the whole process (seen when the database was killed under load).
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    taskList: opts.taskList(pool),
    logger: queueLogger(log),
    events,
  })
  current.runner = runner
  runner.promise.catch((e: Error) => {
    if (stopped) return
    log.error(`queue: the worker failed (${e.message}): it restarts`)
    onLost()
  })
  await Promise.all(registered)
  const timer = setInterval(() => void reap(), REAP_EVERY_MS)
  timer.unref()
  log.info(`queue worker running (${opts.concurrency} at a time)`)
  let stopping: Promise<void> | undefined
  const stopOnce = async () => {
    stopped = true
    clearInterval(timer)
    await runner.stop().catch(() => undefined)
    await pool
      .query(
        'delete from job_presence.workers where pid = $1 and backend_start = $2::timestamptz',
        [me.pid, me.backend_start],
      )
      .catch(() => undefined)
    await presence.end().catch(() => undefined)
    await pool.end().catch(() => undefined)
  }
  return {
    stop() {
      stopping ??= stopOnce()
      return stopping
    },
  }
}
