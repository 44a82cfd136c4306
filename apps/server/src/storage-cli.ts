// `npm run storage -- <command>`: operator commands for the bytes of storage objects.
//   migrate-to-s3   copy every object from DATA_DIR/storage into the S3 bucket of the S3_*
//                   settings, verified by checksum; resumable (progress in DATA_DIR/storage)
//   sweep           remove stored bytes no object row names (crash leftovers) from the
//                   configured store; --dry-run lists them; --grace-minutes (default 60)
// It reaches the database like `npm run admin` (db/operator-database.ts).
// Exit codes: 0 done, 1 failed or found problems (message on stderr), 2 usage error.
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Config } from './config.js'
import { OperatorError, type OperatorDatabase } from './db/operator-database.js'
import { runOperatorCommand, UsageError } from './operator-command.js'
import { FileStore } from './storage/file-store.js'
import { migrateToS3 } from './storage/migrate-to-s3.js'
import { createObjectStore } from './storage/plugin.js'
import { SWEEP_GRACE_MS, sweepOrphans } from './storage/sweep.js'

const USAGE = `Usage:
  npm run storage -- migrate-to-s3
      Copies every stored object from DATA_DIR/storage into the S3 bucket given by S3_ENDPOINT,
      S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE, each
      verified by its MD5 checksum. Run it again after an interruption: it resumes. Then start
      the servers with STORAGE_BACKEND=s3.
  npm run storage -- sweep [--dry-run] [--grace-minutes 60]
      Removes stored bytes that no object row names (left by a crash mid-upload) from the
      configured store (STORAGE_BACKEND), keeping any younger than the grace period.
Reads DATABASE_URL / DATA_DIR like the server.
`

interface Command {
  action: 'migrate-to-s3' | 'sweep'
  dryRun: boolean
  graceMs: number
}

function parseCommand(argv: string[]): Command {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean' },
        'grace-minutes': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) throw new UsageError('')
  const [action, ...rest] = positionals
  if (rest.length > 0 || (action !== 'migrate-to-s3' && action !== 'sweep')) {
    throw new UsageError('Give exactly one command: migrate-to-s3 or sweep.')
  }
  const grace = values['grace-minutes']
  if (grace !== undefined && !/^\d+$/.test(grace)) {
    throw new UsageError('--grace-minutes must be a whole number.')
  }
  return {
    action,
    dryRun: values['dry-run'] ?? false,
    graceMs: grace === undefined ? SWEEP_GRACE_MS : Number(grace) * 60_000,
  }
}

const out = (line: string) => process.stdout.write(`${line}\n`)

async function migrate(config: Config, db: OperatorDatabase): Promise<number> {
  if (config.storage.backend !== 's3') {
    throw new OperatorError(
      'Set STORAGE_BACKEND=s3 and the S3_* settings of the target bucket (docs/deploy.md).',
    )
  }
  const source = new FileStore(path.join(config.dataDir, 'storage'))
  const { S3ObjectStore } = await import('./storage/s3-object-store.js')
  const target = new S3ObjectStore(config.storage)
  await target.init()
  const report = await migrateToS3({
    source,
    target,
    adminPool: db.pool,
    progressFile: path.join(source.root, 'migrate-to-s3.progress'),
    log: out,
  })
  out(
    `${report.total} object versions: ${report.copied} copied and verified, ` +
      `${report.alreadyDone} verified before, ${report.missing.length} missing on disk, ` +
      `${report.mismatched.length} with a checksum mismatch`,
  )
  return report.missing.length + report.mismatched.length > 0 ? 1 : 0
}

async function sweep(config: Config, db: OperatorDatabase, cmd: Command): Promise<number> {
  const store = await createObjectStore(config)
  await store.init()
  const result = await sweepOrphans(store, db.pool, { graceMs: cmd.graceMs, dryRun: cmd.dryRun })
  for (const v of result.removed) out(`${cmd.dryRun ? 'would remove' : 'removed'} ${v}`)
  out(
    `${result.stored} stored versions: ${result.removed.length} orphans ` +
      `${cmd.dryRun ? 'found' : 'removed'}, ${result.young} younger than the grace period kept`,
  )
  return 0
}

process.exitCode = await runOperatorCommand({
  name: 'storage',
  usage: USAGE,
  parse: parseCommand,
  run: (config, db, cmd) =>
    cmd.action === 'migrate-to-s3' ? migrate(config, db) : sweep(config, db, cmd),
})
