// Restores an archive of archive.ts into an empty DATA_DIR (and, for a pg_dump archive, into the
// empty database of DATABASE_URL when one is given). A base backup becomes DATA_DIR's embedded
// cluster and is started once, so PostgreSQL replays the archived WAL and the restore is proven
// to start; a pg_dump archive goes through pg_restore. Storage files and secrets.json go back to
// DATA_DIR. Nothing is overwritten: a target that holds data is refused.
import crypto from 'node:crypto'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import * as tar from 'tar'
import { installClusterDir, startEmbeddedPostgres } from '../db/embedded-postgres.js'
import { createAdminPool } from '../db/pools.js'
import { SECRETS_FILE, type Secrets } from '../keys.js'
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  BackupError,
  findPgTool,
  libpqTarget,
  type Manifest,
} from './archive.js'

const execFileAsync = promisify(execFile)

export interface RestoreOptions {
  file: string
  dataDir: string
  /** Restore the database here instead of into DATA_DIR's embedded cluster (pg_dump only). */
  databaseUrl?: string
  /** supabase/migrations/0001_*.sql: the cluster-wide roles a pg_dump does not carry. */
  rolesSql: string
  log: { info(msg: string): void; warn(msg: string): void }
}

export interface RestoreResult {
  manifest: Manifest
  /** Rows of storage.objects after the restore, as a check that the database answers. */
  objects: number
}

/** DATA_DIR may not exist yet, or be empty. */
async function assertEmptyDataDir(dataDir: string): Promise<void> {
  const entries = await fs.readdir(dataDir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[]
    throw e
  })
  if (entries.length > 0) {
    throw new BackupError(
      `${dataDir} is not empty (${entries.slice(0, 5).join(', ')}): restore into an empty ` +
        'DATA_DIR. Move the current one aside first (stop the server, rename the directory).',
    )
  }
}

async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => undefined)
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_catalog.pg_class c
         join pg_catalog.pg_namespace s on s.oid = c.relnamespace
        where s.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
    )
    if ((rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        'The database in DATABASE_URL is not empty: restore into a new, empty database ' +
          '(createdb), then point DATABASE_URL at it.',
      )
    }
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function readManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest
  } catch {
    throw new BackupError('This file is not a Rent Due backup (no manifest.json).')
  }
  if (manifest.format !== ARCHIVE_FORMAT || manifest.version !== ARCHIVE_VERSION) {
    throw new BackupError(
      `This backup is ${manifest.format} version ${manifest.version}; this server reads ` +
        `${ARCHIVE_FORMAT} version ${ARCHIVE_VERSION}.`,
    )
  }
  return manifest
}

/** pg_restore into an empty database, after the roles the dump's grants name. */
async function pgRestore(url: string, dumpFile: string, rolesSql: string): Promise<void> {
  const pool = createAdminPool(url)
  try {
    await pool.query(rolesSql)
  } finally {
    await pool.end()
  }
  const { dbname, env } = libpqTarget(url)
  try {
    await execFileAsync(
      await findPgTool('pg_restore'),
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--exit-on-error',
        '--no-password',
        '-d',
        dbname,
        dumpFile,
      ],
      { env, maxBuffer: 16 * 1024 * 1024 },
    )
  } catch (e) {
    throw new BackupError(`pg_restore failed: ${(e as { stderr?: string }).stderr ?? String(e)}`)
  }
}

async function countObjects(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => undefined)
  await client.connect()
  try {
    // A site that never started has no storage schema yet.
    const table = await client.query<{ t: string | null }>(
      `select to_regclass('storage.objects')::text as t`,
    )
    if (!table.rows[0]?.t) return 0
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from storage.objects',
    )
    return rows[0]?.n ?? 0
  } finally {
    await client.end().catch(() => undefined)
  }
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const { dataDir, log } = opts
  if (!existsSync(opts.file)) throw new BackupError(`${opts.file} does not exist`)
  await assertEmptyDataDir(dataDir)
  if (opts.databaseUrl) await assertEmptyDatabase(opts.databaseUrl)
  const parent = path.dirname(path.resolve(dataDir))
  await fs.mkdir(parent, { recursive: true })
  // Unpacked next to DATA_DIR, so the moves below are renames on one file system.
  const work = path.join(parent, `.rentdue-restore-${crypto.randomBytes(4).toString('hex')}`)
  await fs.mkdir(work, { mode: 0o700 })
  try {
    await tar.extract({ file: opts.file, cwd: work, preserveOwner: false })
    const manifest = await readManifest(work)
    const secretsFile = path.join(work, SECRETS_FILE)
    if (!existsSync(secretsFile)) throw new BackupError('The backup holds no secrets.json.')
    const secrets = JSON.parse(await fs.readFile(secretsFile, 'utf8')) as Secrets
    if (manifest.database.kind === 'base-backup' && opts.databaseUrl) {
      throw new BackupError(
        'This backup is a copy of an embedded cluster: it restores into an empty DATA_DIR only ' +
          '(unset DATABASE_URL). To move it to another server afterwards, use pg_dump on it.',
      )
    }

    await fs.mkdir(dataDir, { recursive: true })
    await fs.rename(secretsFile, path.join(dataDir, SECRETS_FILE))
    await fs.chmod(path.join(dataDir, SECRETS_FILE), 0o600)
    await fs.mkdir(path.join(dataDir, 'storage'), { recursive: true })
    await fs.rename(path.join(work, 'storage', 'objects'), path.join(dataDir, 'storage', 'objects'))

    const quiet = { info: (m: string) => log.info(m), warn: (m: string) => log.warn(m) }
    if (manifest.database.kind === 'base-backup') {
      await installClusterDir(dataDir, path.join(work, 'database', 'base'), { log: quiet })
    }
    let objects: number
    if (opts.databaseUrl) {
      await pgRestore(opts.databaseUrl, path.join(work, 'database', 'dump.pgcustom'), opts.rolesSql)
      objects = await countObjects(opts.databaseUrl)
    } else {
      // Started once: a base backup replays its WAL now; a dump is restored into a new cluster.
      const db = await startEmbeddedPostgres({
        dataDir,
        superuserPassword: secrets.postgresPassword,
        log: quiet,
      })
      try {
        if (manifest.database.kind === 'pg_dump') {
          await pgRestore(db.adminUrl, path.join(work, 'database', 'dump.pgcustom'), opts.rolesSql)
        }
        objects = await countObjects(db.adminUrl)
      } finally {
        await db.stop()
      }
    }
    log.info(
      `restored the backup of ${manifest.createdAt} into ${dataDir}` +
        `${opts.databaseUrl ? ' and DATABASE_URL' : ''}: ${objects} stored objects, ` +
        `${manifest.storage.objects} files`,
    )
    return { manifest, objects }
  } finally {
    await fs.rm(work, { recursive: true, force: true })
  }
}
