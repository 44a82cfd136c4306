// The server process: read the environment, bring up the database (embedded cluster or
// DATABASE_URL, migrations, first-start seed), build the app, render Home once (http/warm-up.ts),
// listen, and keep the embedded PostgreSQL running (db/supervisor.ts). On SIGTERM/SIGINT: stop
// accepting, let requests in flight finish (at most 10 s), end the pools, stop the embedded
// PostgreSQL (fast) and exit 0, one log line per step; a second signal exits at once.
import { buildApp } from './app.js'
import { checkServerConfig, ConfigError, loadConfig, type Config } from './config.js'
import { createBackup } from './backup/archive.js'
import { scheduleBackups, type BackupSchedule } from './backup/schedule.js'
import { openDatabase, StartupAborted, type Database } from './db/database.js'
import { supervise, type Supervisor } from './db/supervisor.js'
import {
  authenticatorPassword,
  deriveKeys,
  effectiveJwtSecret,
  loadOrCreateSecrets,
} from './keys.js'
import type { SeedHook } from './db/migrate.js'
import { storageSeedHook } from './storage/seed.js'
import { warmUp } from './http/warm-up.js'
import { createLogger } from './process-log.js'
import { startJobs } from './queue/jobs.js'
import type { QueueWorker } from './queue/worker.js'

// Run after seed.sql, only when it ran (a first start): the sample media goes into storage.
const seedHooks: SeedHook[] = []

/** How long requests in flight get to finish after a shutdown signal. */
const SHUTDOWN_GRACE_MS = 10_000

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig(process.env)
    checkServerConfig(config)
  } catch (e) {
    process.stderr.write(`${e instanceof ConfigError ? e.message : String(e)}\n`)
    process.exit(1)
  }
  const log = createLogger(config.logLevel)
  seedHooks.push(storageSeedHook(config))
  let db: Database | undefined
  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  let supervisor: Supervisor | undefined
  let backups: BackupSchedule | undefined
  let jobs: QueueWorker | undefined
  let shuttingDown = false
  let signals = 0
  const abort = new AbortController()

  /** Stops accepting; gives requests in flight SHUTDOWN_GRACE_MS, then closes their sockets. */
  const closeHttp = async () => {
    if (!app) return
    const closing = app.close()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), SHUTDOWN_GRACE_MS)
    })
    if ((await Promise.race([closing, late])) === 'late') {
      log.warn(`requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: closing them`)
      app.server.closeAllConnections()
    }
    clearTimeout(timer)
    await closing
    log.info('http server closed')
  }

  const closeDatabase = async () => {
    // Jobs running finish first (graphile-worker's graceful stop); none is taken after this.
    await jobs?.stop()
    await backups?.stop()
    await supervisor?.stop()
    if (!db) return
    await db.apiPool.end().catch(() => undefined)
    await db.adminPool.end().catch(() => undefined)
    log.info('database pools closed')
    if (db.embedded) {
      await db.embedded.stop()
      log.info('embedded PostgreSQL stopped')
    }
  }

  const shutdown = async (signal: string) => {
    shuttingDown = true
    log.info(`received ${signal}: shutting down`)
    // From now on a database exit is no crash (Ctrl-C signals PostgreSQL too): no restart.
    void supervisor?.stop()
    // A start-up waiting for the database stops waiting; one in progress (initdb, migrations)
    // finishes first, so no PostgreSQL is left orphaned.
    abort.abort()
    await startup
    try {
      await closeHttp()
      await closeDatabase()
      log.info('bye')
      process.exit(0)
    } catch (e) {
      log.error(`shutdown failed: ${(e as Error).message}`)
      process.exit(1)
    }
  }
  const onSignal = (signal: NodeJS.Signals) => {
    if (++signals === 1) return void shutdown(signal)
    log.warn(`received ${signal} again: exiting now`)
    db?.embedded?.stopNow()
    process.exit(signal === 'SIGINT' ? 130 : 143)
  }
  const startup = start()
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)

  /** The embedded PostgreSQL cannot be started again: leave it to an outer supervisor. */
  const giveUp = async () => {
    if (shuttingDown) return
    shuttingDown = true
    log.error('stopping the server: the embedded PostgreSQL cannot be started')
    await closeHttp().catch(() => undefined)
    await closeDatabase().catch(() => undefined)
    process.exit(1)
  }

  async function start(): Promise<void> {
    try {
      // With DATABASE_URL the secret is JWT_SECRET (checkServerConfig) and there is no embedded
      // superuser, so nothing is generated into DATA_DIR: replicas need no disk of their own.
      const secrets = config.databaseUrl ? undefined : await loadOrCreateSecrets(config.dataDir)
      const jwtSecret = secrets ? effectiveJwtSecret(config.jwtSecret, secrets) : config.jwtSecret
      if (jwtSecret === undefined) throw new Error('JWT_SECRET is required with DATABASE_URL')
      const keys = await deriveKeys(jwtSecret)
      db = await openDatabase({
        config,
        superuserPassword: secrets?.postgresPassword ?? '',
        authenticatorPassword: authenticatorPassword(jwtSecret),
        log,
        seedHooks,
        signal: abort.signal,
      })
      if (db.embedded && !shuttingDown) {
        supervisor = supervise(db.embedded, {
          log,
          maxFailures: config.dbRestartAttempts,
          onGiveUp: () => void giveUp(),
        })
      }
      log.info(
        `database ready (${db.migrations.applied.length} new migrations` +
          `${db.migrations.seeded ? ', seeded' : ''})`,
      )
      if (shuttingDown) return
      app = await buildApp({ config, keys, pool: db.apiPool })
      if (shuttingDown) return
      const warm = await warmUp(app)
      if (warm.status === 200) log.info(`warmed up: ${warm.path} rendered in ${warm.ms} ms`)
      else log.warn(`warm-up: ${warm.path} answered ${warm.status || 'nothing'} (${warm.ms} ms)`)
      if (shuttingDown) return
      if (config.queue.inProcess) {
        jobs = await startJobs({ config, adminUrl: db.adminUrl, jwtSecret: keys.jwtSecret, log })
      } else {
        log.info('queue worker off here (QUEUE_WORKER=off): `npm run worker` runs the jobs')
      }
      if (shuttingDown) return
      const address = await app.listen({ port: config.port, host: config.host })
      log.info(`Rent Due is ready on ${address} (site URL ${config.siteUrl})`)
      if (config.backupEveryMs !== undefined) {
        const { embedded } = db
        const source = embedded
          ? {
              kind: 'embedded' as const,
              adminUrl: embedded.adminUrl,
              clusterDir: embedded.clusterDir,
            }
          : { kind: 'url' as const, url: db.adminUrl }
        backups = scheduleBackups({
          everyMs: config.backupEveryMs,
          keep: config.backupKeep,
          backupDir: config.backupDir,
          run: () =>
            createBackup({ dataDir: config.dataDir, backupDir: config.backupDir, source, log }),
          log,
        })
      }
    } catch (e) {
      if (e instanceof StartupAborted) return
      log.error(`startup failed: ${(e as Error).message}`)
      await app?.close().catch(() => undefined)
      await supervisor?.stop()
      await db?.close().catch(() => undefined)
      process.exit(1)
    }
  }
}

void main()
