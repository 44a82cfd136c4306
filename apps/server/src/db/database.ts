// Brings the database up for the server: the embedded cluster (or DATABASE_URL), the migrations
// and first-start seed, the authenticator password, and both pools; and takes it down again.
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
    await assertServerVersion(adminPool)
    const migrations = await migrate({
      adminPool,
      migrationsDir: config.migrationsDir,
      seedFile: config.seedFile,
      seed: config.seed,
      seedHooks: opts.seedHooks ?? [],
      log,
    })
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
