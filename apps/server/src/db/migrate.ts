// Applies supabase/migrations/*.sql in file-name order, each once and each in its own
// transaction, and records them in the Supabase CLI's own history table, so `supabase db push`
// and this runner agree on what has been applied. Then seeds an empty database once, and sends
// `NOTIFY pgrst, 'reload schema'` when it applied anything, so servers already running re-read
// their schema cache. A session advisory lock makes two servers starting at once take turns.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Pool, PoolClient } from 'pg'
import { notifySchemaReload } from './schema-reload.js'
import { inTransaction } from './transaction.js'

export interface MigrationLogger {
  info(msg: string): void
  warn(msg: string): void
}

/** Runs after seed.sql, only when it did (a later issue adds the sample media this way). */
export type SeedHook = (ctx: { adminPool: Pool; log: MigrationLogger }) => Promise<void>

export interface MigrateOptions {
  /** An admin connection (superuser or the DATABASE_URL owner): never an API pool. */
  adminPool: Pool
  migrationsDir: string
  /** supabase/seed.sql; a missing file simply means no seed. */
  seedFile: string
  /** auto: seed when this start found no migrations applied; on: seed if not yet seeded; off. */
  seed: 'auto' | 'on' | 'off'
  seedHooks?: SeedHook[]
  log: MigrationLogger
}

export interface MigrateResult {
  applied: string[]
  seeded: boolean
}

const FILE_PATTERN = /^([0-9]+)_(.*)\.sql$/
// Any fixed 64-bit number; advisory locks are per database.
const LOCK_KEY = '7305817264460515841'
const SEED_PATH = 'supabase/seed.sql'

export interface MigrationFile {
  version: string
  name: string
  file: string
}

export async function listMigrations(dir: string): Promise<MigrationFile[]> {
  let names: string[]
  try {
    names = await fs.readdir(dir)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw e
  }
  return names.sort().flatMap((n) => {
    const m = FILE_PATTERN.exec(n)
    return m ? [{ version: m[1] as string, name: m[2] as string, file: path.join(dir, n) }] : []
  })
}

async function ensureHistoryTables(client: PoolClient): Promise<void> {
  await client.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text not null primary key, statements text[], name text);
    create table if not exists supabase_migrations.seed_files (
      path text not null primary key, hash text not null);`)
}

export async function migrate(opts: MigrateOptions): Promise<MigrateResult> {
  const { adminPool, log } = opts
  const files = await listMigrations(opts.migrationsDir)
  const client = await adminPool.connect()
  const applied: string[] = []
  let seeded = false
  // A connection that failed part way, or may still hold the lock, is not lent out again.
  let failed: Error | undefined
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY])
    try {
      await ensureHistoryTables(client)
      const { rows } = await client.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
      const done = new Set(rows.map((r) => r.version))
      const wasEmpty = done.size === 0
      const known = new Set(files.map((f) => f.version))
      for (const v of done) {
        if (!known.has(v)) log.warn(`migration ${v} is recorded as applied but has no file here`)
      }
      for (const m of files) {
        if (done.has(m.version)) continue
        const sql = await fs.readFile(m.file, 'utf8')
        try {
          await inTransaction(client, async () => {
            await client.query(sql)
            await client.query(
              `insert into supabase_migrations.schema_migrations (version, name, statements)
               values ($1, $2, $3)`,
              [m.version, m.name, [sql]],
            )
          })
        } catch (e) {
          throw new Error(`migration ${path.basename(m.file)} failed: ${(e as Error).message}`, {
            cause: e,
          })
        }
        applied.push(m.version)
        log.info(`applied migration ${path.basename(m.file)}`)
      }
      if (opts.seed === 'on' || (opts.seed === 'auto' && wasEmpty)) {
        seeded = await seedOnce(client, opts.seedFile, log)
      }
      // Servers already running on this database re-read their schema cache, as PostgREST does.
      if (applied.length > 0) await notifySchemaReload(client)
    } finally {
      await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch((e: Error) => {
        failed ??= e
      })
    }
  } catch (e) {
    failed ??= e as Error
    throw e
  } finally {
    client.release(failed)
  }
  if (seeded) {
    for (const hook of opts.seedHooks ?? []) await hook({ adminPool, log })
  }
  return { applied, seeded }
}

async function seedOnce(client: PoolClient, seedFile: string, log: MigrationLogger) {
  let sql: string
  try {
    sql = await fs.readFile(seedFile, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw e
  }
  const hash = crypto.createHash('sha256').update(sql).digest('hex')
  const { rows } = await client.query<{ hash: string }>(
    'select hash from supabase_migrations.seed_files where path = $1',
    [SEED_PATH],
  )
  if (rows[0]) {
    if (rows[0].hash !== hash) log.warn('seed.sql changed since it was applied; not applying again')
    return false
  }
  try {
    await inTransaction(client, async () => {
      await client.query(sql)
      await client.query(
        'insert into supabase_migrations.seed_files (path, hash) values ($1, $2)',
        [SEED_PATH, hash],
      )
    })
  } catch (e) {
    throw new Error(`seed.sql failed: ${(e as Error).message}`, { cause: e })
  }
  log.info('applied seed.sql')
  return true
}
