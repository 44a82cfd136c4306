// `npm run worker`: the job queue's worker as a process of its own, for an operator who wants the
// server processes to only serve (QUEUE_WORKER=off on them). Needs DATABASE_URL: with the embedded
// database the worker runs inside the server. It applies no migrations: a server started once on
// the database has done that. SIGTERM/SIGINT let the jobs running finish, then exit 0.
import { secretKey } from './caller/jwt.js'
import { checkServerConfig, ConfigError, loadConfig, type Config } from './config.js'
import { waitForDatabase } from './db/database.js'
import { createAdminPool } from './db/pools.js'
import { createLogger } from './process-log.js'
import { startJobs } from './queue/jobs.js'
import { installQueue, type QueueWorker } from './queue/worker.js'

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig(process.env)
    checkServerConfig(config)
    if (config.databaseUrl === undefined || config.jwtSecret === undefined) {
      throw new ConfigError(
        'npm run worker needs DATABASE_URL (and JWT_SECRET): with the embedded database the ' +
          'queue worker runs inside the server (QUEUE_WORKER=on, the default).',
      )
    }
  } catch (e) {
    process.stderr.write(`${e instanceof ConfigError ? e.message : String(e)}\n`)
    process.exit(1)
  }
  const { databaseUrl, jwtSecret } = config as Config & { databaseUrl: string; jwtSecret: string }
  const log = createLogger(config.logLevel)
  const pool = createAdminPool(databaseUrl)
  let jobs: QueueWorker | undefined
  let signals = 0
  const stop = async (signal: NodeJS.Signals) => {
    if (++signals > 1) process.exit(signal === 'SIGINT' ? 130 : 143)
    log.info(`received ${signal}: letting the running jobs finish`)
    await jobs?.stop()
    await pool.end().catch(() => undefined)
    log.info('bye')
    process.exit(0)
  }
  process.on('SIGTERM', (s) => void stop(s))
  process.on('SIGINT', (s) => void stop(s))
  try {
    await waitForDatabase(pool, log)
    const { rows } = await pool.query<{ ready: boolean }>(
      "select pg_catalog.to_regclass('job_presence.workers') is not null as ready",
    )
    if (!rows[0]?.ready) {
      throw new Error('the database has not been migrated yet: start a server on it once first')
    }
    await installQueue(pool, log)
    jobs = await startJobs({ config, adminUrl: databaseUrl, jwtSecret: secretKey(jwtSecret), log })
    log.info('Rent Due queue worker is ready')
  } catch (e) {
    log.error(`worker start-up failed: ${(e as Error).message}`)
    await pool.end().catch(() => undefined)
    process.exit(1)
  }
}

void main()
