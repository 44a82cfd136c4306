// One backup = one .tar.gz in BACKUP_DIR, taken while the site runs (docs/decisions/180):
//   manifest.json          what it is (format, kind of database dump, versions, counts)
//   secrets.json           DATA_DIR's secrets (the JWT secret; the embedded superuser password)
//   database/base/...      embedded cluster: an online base backup through PostgreSQL's own
//                          backup API (pg_backup_start/stop) with the WAL it needs, restorable by
//                          the same embedded binaries (they ship no pg_dump)
//   database/dump.pgcustom DATABASE_URL: pg_dump --format=custom, one consistent snapshot
//   storage/objects/...    the stored files, named by version as in DATA_DIR/storage
// The database is taken first and the files after it: files are written before their row
// commits and never change, so every object the database holds has its bytes in the archive.
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import * as tar from 'tar'

const execFileAsync = promisify(execFile)

export const ARCHIVE_FORMAT = 'rent-due-backup'
export const ARCHIVE_VERSION = 1
/** rentdue-2025-05-20T10-11-12-345Z.tar.gz: sorts by time. */
export const ARCHIVE_NAME = /^rentdue-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/

export interface Manifest {
  format: typeof ARCHIVE_FORMAT
  version: number
  createdAt: string
  database:
    | { kind: 'base-backup'; postgres: string; walStart: string; walStop: string }
    | { kind: 'pg_dump'; postgres: string; pgDump: string }
  storage: { objects: number; bytes: number }
}

export type BackupSource =
  /** The embedded cluster: a superuser URL and its real directory. */
  { kind: 'embedded'; adminUrl: string; clusterDir: string } | { kind: 'url'; url: string }

export interface BackupOptions {
  dataDir: string
  backupDir: string
  source: BackupSource
  log: { info(msg: string): void }
}

export interface BackupResult {
  file: string
  bytes: number
  manifest: Manifest
}

export class BackupError extends Error {}

// What a base backup leaves out (as pg_basebackup does): run-time state rebuilt at start.
const EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
])
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'pg_internal.init',
  'current_logfiles',
])
const WAL_SEGMENT = /^[0-9A-F]{24}$/

export function archiveName(at: Date): string {
  return `rentdue-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`
}

const ignoreMissing = (e: NodeJS.ErrnoException) => {
  if (e.code !== 'ENOENT') throw e
}

/** Copies a live cluster's files; files that vanish or change meanwhile are fixed by WAL replay. */
async function copyCluster(src: string, dst: string, top = true): Promise<void> {
  await fs.mkdir(dst, { recursive: true, mode: 0o700 })
  const entries = await fs
    .readdir(src, { withFileTypes: true })
    .catch((e: NodeJS.ErrnoException) => {
      ignoreMissing(e)
      return []
    })
  for (const entry of entries) {
    const from = path.join(src, entry.name)
    const to = path.join(dst, entry.name)
    if (entry.isDirectory()) {
      if (entry.name.startsWith('pgsql_tmp')) continue
      if (top && EMPTY_DIRS.has(entry.name)) await fs.mkdir(to, { mode: 0o700 })
      else await copyCluster(from, to, false)
    } else if (entry.isFile() && !SKIP_FILES.has(entry.name)) {
      await fs.copyFile(from, to).catch(ignoreMissing)
    } else if (entry.isSymbolicLink()) {
      throw new BackupError(`${from} is a symbolic link (a tablespace?): not supported`)
    }
  }
}

/** Hard links (or copies, across file systems) every stored file; returns count and bytes. */
async function copyObjects(src: string, dst: string): Promise<{ objects: number; bytes: number }> {
  let objects = 0
  let bytes = 0
  await fs.mkdir(dst, { recursive: true })
  for (const fan of await fs.readdir(src).catch(() => [] as string[])) {
    await fs.mkdir(path.join(dst, fan), { recursive: true })
    for (const name of await fs.readdir(path.join(src, fan)).catch(() => [] as string[])) {
      const from = path.join(src, fan, name)
      const to = path.join(dst, fan, name)
      const stat = await fs.stat(from).catch(() => undefined)
      // Removed meanwhile: replaced or deleted after the database was taken.
      if (!stat?.isFile()) continue
      await fs.link(from, to).catch(async (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EXDEV' && e.code !== 'EPERM') throw e
        await fs.copyFile(from, to)
      })
      objects++
      bytes += stat.size
    }
  }
  return { objects, bytes }
}

async function baseBackup(adminUrl: string, clusterDir: string, target: string) {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'rent-due backup' })
  client.on('error', () => undefined)
  await client.connect()
  try {
    const version = (await client.query<{ v: string }>('show server_version')).rows[0]?.v ?? ''
    // A temporary slot keeps every WAL segment from here on until this session ends.
    const slot = `rentdue_backup_${crypto.randomBytes(6).toString('hex')}`
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot])
    await client.query('select pg_backup_start($1, true)', [`rent-due ${new Date().toISOString()}`])
    let stopped = false
    try {
      await copyCluster(clusterDir, target)
      const { rows } = await client.query<{
        labelfile: string
        spcmapfile: string
        walstop: string
      }>('select labelfile, spcmapfile, pg_walfile_name(lsn) as walstop from pg_backup_stop(false)')
      stopped = true
      const stop = rows[0]
      const walStart = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(stop?.labelfile ?? '')
      if (!stop || !walStart?.[1]) throw new BackupError('pg_backup_stop gave no backup label')
      await fs.writeFile(path.join(target, 'backup_label'), stop.labelfile, { mode: 0o600 })
      if (stop.spcmapfile) {
        await fs.writeFile(path.join(target, 'tablespace_map'), stop.spcmapfile, { mode: 0o600 })
      }
      const walDir = path.join(clusterDir, 'pg_wal')
      const needed = (await fs.readdir(walDir)).filter(
        (n) => WAL_SEGMENT.test(n) && n >= (walStart[1] as string) && n <= stop.walstop,
      )
      if (!needed.includes(walStart[1]) || !needed.includes(stop.walstop)) {
        throw new BackupError(`WAL from ${walStart[1]} to ${stop.walstop} is not all there`)
      }
      for (const n of needed)
        await fs.copyFile(path.join(walDir, n), path.join(target, 'pg_wal', n))
      return {
        kind: 'base-backup' as const,
        postgres: version,
        walStart: walStart[1],
        walStop: stop.walstop,
      }
    } finally {
      if (!stopped) await client.query('select pg_backup_stop(false)').catch(() => undefined)
    }
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** pg_dump / pg_restore: from PATH, else Debian's newest /usr/lib/postgresql/N/bin. */
export async function findPgTool(name: 'pg_dump' | 'pg_restore'): Promise<string> {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)
  const debian = await fs.readdir('/usr/lib/postgresql').catch(() => [] as string[])
  dirs.push(
    ...debian
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => `/usr/lib/postgresql/${v}/bin`),
  )
  for (const dir of dirs) {
    const file = path.join(dir, name)
    if (existsSync(file)) return file
  }
  throw new BackupError(
    `${name} was not found (looked in PATH and /usr/lib/postgresql). Install the ` +
      "PostgreSQL client tools of at least the server's major version (Debian: postgresql-client).",
  )
}

/** A libpq connection for a child process: the password goes in the environment, not argv. */
export function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url)
  const password = decodeURIComponent(u.password)
  u.password = ''
  return { dbname: u.toString(), env: { ...process.env, PGPASSWORD: password } }
}

async function dump(url: string, target: string) {
  const pgDump = await findPgTool('pg_dump')
  await fs.mkdir(target, { recursive: true })
  const { dbname, env } = libpqTarget(url)
  try {
    await execFileAsync(
      pgDump,
      ['--format=custom', '--no-password', `--file=${path.join(target, 'dump.pgcustom')}`, dbname],
      { env, maxBuffer: 16 * 1024 * 1024 },
    )
  } catch (e) {
    throw new BackupError(`pg_dump failed: ${(e as { stderr?: string }).stderr ?? String(e)}`)
  }
  const { stdout } = await execFileAsync(pgDump, ['--version'])
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => undefined)
  await client.connect()
  try {
    const version = (await client.query<{ v: string }>('show server_version')).rows[0]?.v ?? ''
    return { kind: 'pg_dump' as const, postgres: version, pgDump: stdout.trim() }
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function syncPath(p: string): Promise<void> {
  const handle = await fs.open(p, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Writes one archive into backupDir; nothing is left behind if it fails. */
export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const at = new Date()
  const name = archiveName(at)
  await fs.mkdir(opts.backupDir, { recursive: true })
  const staging = await fs.mkdtemp(path.join(opts.backupDir, '.staging-'))
  const file = path.join(opts.backupDir, name)
  const partial = `${file}.partial`
  try {
    opts.log.info(`backup: taking the database (${opts.source.kind})`)
    const database =
      opts.source.kind === 'embedded'
        ? await baseBackup(
            opts.source.adminUrl,
            opts.source.clusterDir,
            path.join(staging, 'database', 'base'),
          )
        : await dump(opts.source.url, path.join(staging, 'database'))
    const storage = await copyObjects(
      path.join(opts.dataDir, 'storage', 'objects'),
      path.join(staging, 'storage', 'objects'),
    )
    const entries = ['manifest.json', 'database', 'storage']
    const secrets = path.join(opts.dataDir, 'secrets.json')
    if (existsSync(secrets)) {
      await fs.copyFile(secrets, path.join(staging, 'secrets.json'))
      entries.push('secrets.json')
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: at.toISOString(),
      database,
      storage,
    }
    await fs.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2))
    // The archive holds the secrets: readable by its owner only.
    await fs.writeFile(partial, '', { mode: 0o600 })
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries)
    await syncPath(partial)
    await fs.rename(partial, file)
    await syncPath(opts.backupDir)
    const { size } = await fs.stat(file)
    opts.log.info(
      `backup written: ${file} (${(size / 1e6).toFixed(1)} MB, ${storage.objects} stored files)`,
    )
    return { file, bytes: size, manifest }
  } finally {
    await fs.rm(partial, { force: true })
    await fs.rm(staging, { recursive: true, force: true })
  }
}

/** Removes all but the newest `keep` archives in backupDir (only files named like ours). */
export async function pruneBackups(backupDir: string, keep: number): Promise<string[]> {
  const names = (await fs.readdir(backupDir).catch(() => [] as string[]))
    .filter((n) => ARCHIVE_NAME.test(n))
    .sort()
  const old = names.slice(0, Math.max(0, names.length - keep))
  for (const n of old) await fs.rm(path.join(backupDir, n), { force: true })
  return old
}
