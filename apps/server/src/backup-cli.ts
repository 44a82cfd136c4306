// `npm run backup` writes one archive of DATA_DIR (database, stored files, secrets) to BACKUP_DIR
// while the site runs; `npm run restore -- FILE` restores one into an empty DATA_DIR, or, for an
// archive made with DATABASE_URL, into the empty database DATABASE_URL names (docs/operations.md).
// With the embedded database, a backup connects to the running server's PostgreSQL (port from
// postmaster.pid, password from secrets.json), or starts the cluster itself when no server runs.
// Exit codes: 0 done, 1 failed (message on stderr), 2 usage error.
import { existsSync, realpathSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { BackupError, createBackup, type BackupSource } from './backup/archive.js'
import { restoreBackup } from './backup/restore.js'
import { ConfigError, loadConfig, REPO_ROOT } from './config.js'
import {
  EmbeddedPostgresError,
  readPostmasterPid,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './db/embedded-postgres.js'
import { loadOrCreateSecrets } from './keys.js'

const USAGE = `Usage:
  npm run backup              writes BACKUP_DIR/rentdue-<time>.tar.gz (the site may keep running)
  npm run restore -- FILE     restores FILE into an empty DATA_DIR (and the empty database in
                              DATABASE_URL, for a backup made with DATABASE_URL)
Reads DATA_DIR, DATABASE_URL and BACKUP_DIR like the server.
`

const log = {
  info: (m: string) => process.stdout.write(`${m}\n`),
  warn: (m: string) => process.stderr.write(`${m}\n`),
}

async function backup(): Promise<void> {
  const config = loadConfig(process.env)
  let embedded: EmbeddedPostgres | undefined
  try {
    let source: BackupSource
    if (config.databaseUrl) {
      source = { kind: 'url', url: config.databaseUrl }
    } else {
      const clusterDir = path.join(config.dataDir, 'pg')
      if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
        throw new BackupError(
          `${config.dataDir} holds no database (no pg/): is DATA_DIR right? Nothing to back up.`,
        )
      }
      const secrets = await loadOrCreateSecrets(config.dataDir)
      const running = await readPostmasterPid(clusterDir)
      if (running?.port !== undefined) {
        const url = `postgres://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${running.port}/postgres`
        source = { kind: 'embedded', adminUrl: url, clusterDir: realpathSync(clusterDir) }
      } else {
        embedded = await startEmbeddedPostgres({
          dataDir: config.dataDir,
          superuserPassword: secrets.postgresPassword,
          log: { info: () => undefined, warn: log.warn },
        })
        source = { kind: 'embedded', adminUrl: embedded.adminUrl, clusterDir: embedded.clusterDir }
      }
    }
    await createBackup({ dataDir: config.dataDir, backupDir: config.backupDir, source, log })
  } finally {
    await embedded?.stop()
  }
}

async function restore(file: string): Promise<void> {
  const config = loadConfig(process.env)
  const migrations = path.join(REPO_ROOT, 'supabase', 'migrations')
  const first = (await fs.readdir(migrations)).sort().find((n) => /^0001_.*\.sql$/.test(n))
  if (!first) throw new BackupError(`no 0001 migration in ${migrations}`)
  await restoreBackup({
    // npm runs scripts from the repository root; FILE is relative to where it was typed.
    file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    rolesSql: await fs.readFile(path.join(migrations, first), 'utf8'),
    log,
  })
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (
    !(command === 'backup' && rest.length === 0) &&
    !(command === 'restore' && rest.length === 1)
  ) {
    process.stderr.write(USAGE)
    return 2
  }
  try {
    if (command === 'backup') await backup()
    else await restore(rest[0] as string)
    return 0
  } catch (e) {
    const known =
      e instanceof BackupError || e instanceof ConfigError || e instanceof EmbeddedPostgresError
    process.stderr.write(`${command}: ${known ? e.message : String((e as Error).stack ?? e)}\n`)
    return 1
  }
}

process.exitCode = await main(process.argv.slice(2))
