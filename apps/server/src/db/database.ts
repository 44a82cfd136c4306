// Brings the database up for the server: the embedded cluster (or DATABASE_URL, waited for with
// backoff while it cannot be reached), the migrations and first-start seed, the authenticator
// password, and both pools; and takes it down again.
import type pg from 'pg'
import type { Config } from '../config.js'
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js'
import { applyLimitSettings } from './limit-settings.js'
import { migrate, type MigrateResult, type MigrationLogger, type SeedHook } from './migrate.js'
import {
  assertServerVersion,
  authenticatorUrl,
  type ApiPool,
  createAdminPool,
  createApiPool,
  ensureAuthenticatorPassword,
} from './pools.js'
import { isDatabaseUnavailable } from './unavailable.js'
import { installQueue } from '../queue/worker.js'

export interface Database {
  adminPool: pg.Pool
  apiPool: ApiPool
  /** The admin connection string (for operator scripts). */
  adminUrl: string
  embedded: EmbeddedPostgres | undefined
  migrations: MigrateResult
  /** Ends both pools, then stops the embedded cluster if there is one. */
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  config: Config
  /** Password of the embedded superuser, from secrets.json. */
  superuserPassword: string
  authenticatorPassword: string
  log: MigrationLogger
  seedHooks?: SeedHook[]
  /** Aborts a start-up still waiting for the database (a shutdown signal). */
  signal?: AbortSignal
}

export class StartupAborted extends Error {}

/** Pause before connection attempt n + 1 while the database cannot be reached. */
export const waitBackoffMs = (n: number) => Math.min(500 * 2 ** (n - 1), 15_000)

/**
 * Waits until the database answers: a DATABASE_URL server may still be starting, or be away for
 * a moment, when we start. Other errors (a wrong password, an unknown database) fail at once.
 */
export async function waitForDatabase(
  pool: pg.Pool,
  log: MigrationLogger,
  signal?: AbortSignal,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw new StartupAborted('start-up cancelled')
    try {
      await pool.query('select 1')
      if (attempt > 1) log.info('the database answers')
      return
    } catch (e) {
      if (!isDatabaseUnavailable(e)) throw e
      const pause = waitBackoffMs(attempt)
      log.warn(
        `the database cannot be reached yet (${(e as Error).message}): ` +
          `trying again in ${pause / 1000} s`,
      )
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pause)
        signal?.addEventListener('abort', done, { once: true })
        function done() {
          clearTimeout(timer)
          signal?.removeEventListener('abort', done)
          resolve()
        }
      })
    }
  }
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const { config, log } = opts
  let embedded: EmbeddedPostgres | undefined
  let adminUrl: string
  if (config.databaseUrl) {
    adminUrl = config.databaseUrl
    log.info('using the PostgreSQL server in DATABASE_URL')
  } else {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      superuserPassword: opts.superuserPassword,
      log,
    })
    adminUrl = embedded.adminUrl
  }
  const adminPool = createAdminPool(adminUrl)
  try {
    await waitForDatabase(adminPool, log, opts.signal)
    await assertServerVersion(adminPool)
    const migrations = await migrate({
      adminPool,
      migrationsDir: config.migrationsDir,
      seedFile: config.seedFile,
      seed: config.seed,
      seedHooks: opts.seedHooks ?? [],
      log,
    })
    // The job queue's schema (graphile-worker's own migrations, under its own lock).
    await installQueue(adminPool, log)
    await applyLimitSettings(adminPool, config)
    await ensureAuthenticatorPassword(adminPool, adminUrl, opts.authenticatorPassword)
    const apiPool = createApiPool(authenticatorUrl(adminUrl, opts.authenticatorPassword))
    return {
      adminPool,
      apiPool,
      adminUrl,
      embedded,
      migrations,
      async close() {
        await apiPool.end().catch(() => undefined)
        await adminPool.end().catch(() => undefined)
        await embedded?.stop()
      },
    }
  } catch (e) {
    await adminPool.end().catch(() => undefined)
    await embedded?.stop()
    throw e
  }
}
