// A backup taken while fans submit (inserts and uploads never stop), restored into a fresh
// DATA_DIR (and, with DATABASE_URL, a fresh database), holds every row acknowledged before the
// backup began and every stored file byte for byte; every object it lists has its bytes. On the
// embedded database this is the base-backup archive, on DATABASE_URL the pg_dump one. The
// running server's scheduled backup (BACKUP_EVERY, BACKUP_KEEP) is checked on the way.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { afterAll, expect, inject, it } from 'vitest'
import { ARCHIVE_NAME } from '../src/backup/archive.js'
import { REPO_ROOT } from '../src/config.js'
import { deriveKeys, loadOrCreateSecrets } from '../src/keys.js'
import { sourceArgs } from './support/source-args.js'
import { spawnMain, type MainProcess } from './support/main-process.js'
import { nodeClient } from './support/node-client.js'
import { withDatabase } from './support/test-server.js'

const BUCKET = 'soundtrack 1st'
const temps: string[] = []
const servers: MainProcess[] = []
const databases: string[] = []
const external = inject('databaseKind') === 'external'

afterAll(async () => {
  for (const s of servers) {
    s.signalGroup('SIGKILL')
    await s.exited
  }
  for (const dir of temps) await fs.rm(dir, { recursive: true, force: true })
  for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`)
})

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminUrl') })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `rentdue-${prefix}-`))
  await fs.chmod(dir, 0o755)
  temps.push(dir)
  return dir
}

/**
 * A fresh empty database on the external server, for DATABASE_URL runs, with the site's token
 * secret: with DATABASE_URL the server requires JWT_SECRET, and an operator takes the one the
 * site has used (its `jwtSecret`, also in the archive's secrets.json).
 */
async function freshDatabase(jwtSecret: string): Promise<Record<string, string>> {
  if (!external) return {}
  const name = `rd_bk_${crypto.randomBytes(4).toString('hex')}`
  await adminQuery(`create database ${name}`)
  databases.push(name)
  return { DATABASE_URL: withDatabase(inject('adminUrl'), name), JWT_SECRET: jwtSecret }
}

/** Runs `backup-cli.ts <args>` like `npm run backup` / `npm run restore -- FILE`. */
async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const inherited = { ...process.env }
  delete inherited.DATABASE_URL
  const child = spawn(process.execPath, [...sourceArgs('apps/server/src/backup-cli.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (out += c.toString()))
  const code = await new Promise((resolve) => child.once('exit', resolve))
  expect(code, `backup-cli ${args.join(' ')}:\n${out}`).toBe(0)
  return out
}

const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex')

/** Fans submitting until stop(): sign-ups and uploads, each remembered once acknowledged. */
function fansSubmit(client: SupabaseClient) {
  const rows: string[] = []
  const files = new Map<string, string>()
  let going = true
  const signUps = async (w: number) => {
    for (let n = 0; going; n++) {
      const name = `Backup ${w}-${n}`
      const { status } = await client
        .from('fan_club_signups')
        .insert({ name, email: `backup-${w}-${n}@example.com` })
      if (status !== 201) throw new Error(`insert answered ${status}`)
      rows.push(name)
    }
  }
  const uploads = async (w: number) => {
    for (let n = 0; going; n++) {
      const name = `load/w${w}-${n}.mp3`
      const bytes = crypto.randomBytes(1024 + crypto.randomInt(128 * 1024))
      const { error } = await client.storage
        .from(BUCKET)
        .upload(name, bytes, { contentType: 'audio/mpeg' })
      if (error) throw new Error(`upload failed: ${error.message}`)
      files.set(name, sha256(bytes))
    }
  }
  const done = Promise.all([0, 1, 2].map(signUps).concat([0, 1].map(uploads)))
  return {
    rows,
    files,
    async stop() {
      going = false
      await done
    },
  }
}

async function allRows(client: SupabaseClient): Promise<Set<string>> {
  const names = new Set<string>()
  for (let from = 0; ; from += 1000) {
    const { data, error } = await client
      .from('fan_club_signups')
      .select('name')
      .order('id')
      .range(from, from + 999)
    if (error) throw new Error(error.message)
    for (const r of data as { name: string }[]) names.add(r.name)
    if (data.length < 1000) return names
  }
}

it('a backup under write load restores every acknowledged row and every file, byte for byte', async () => {
  const source = await tempDir('backup-src')
  const { jwtSecret } = await loadOrCreateSecrets(source)
  const keys = await deriveKeys(jwtSecret)
  const scheduled = await tempDir('backup-scheduled')
  const sourceDb = await freshDatabase(jwtSecret)
  const server = spawnMain({
    DATA_DIR: source,
    SEED: 'off',
    RATE_LIMIT_PER_MINUTE: '100000000',
    BACKUP_EVERY: '10s',
    BACKUP_KEEP: '1',
    BACKUP_DIR: scheduled,
    ...sourceDb,
  })
  servers.push(server)
  const url = await server.ready
  const service = nodeClient(url, keys.serviceRoleKey)
  const fans = fansSubmit(service)
  // Some of everything acknowledged first, then the backup, with the fans still submitting.
  while (fans.rows.length < 30 || fans.files.size < 4) {
    await new Promise((resolve) => setImmediate(resolve))
  }
  const rowsBefore = [...fans.rows]
  const filesBefore = new Map(fans.files)
  const backups = await tempDir('backups')
  const out = await cli(['backup'], { DATA_DIR: source, BACKUP_DIR: backups, ...sourceDb })
  expect(out).toMatch(/backup written: .*rentdue-.*\.tar\.gz/)
  const rowsDuring = fans.rows.length - rowsBefore.length
  await fans.stop()
  expect(rowsDuring, 'the fans kept submitting during the backup').toBeGreaterThan(0)

  // The scheduled backup ran too, and only the newest one is kept.
  await server.waitFor(/backup written: /)
  server.child.kill('SIGTERM')
  expect((await server.exited).code).toBe(0)
  expect((await fs.readdir(scheduled)).filter((n) => ARCHIVE_NAME.test(n))).toHaveLength(1)

  const [archive] = await fs.readdir(backups)
  expect(archive).toMatch(ARCHIVE_NAME)
  expect((await fs.stat(path.join(backups, archive as string))).mode & 0o777).toBe(0o600)
  const target = path.join(await tempDir('restored'), 'data')
  const targetDb = await freshDatabase(jwtSecret)
  const restored = await cli(['restore', path.join(backups, archive as string)], {
    DATA_DIR: target,
    ...targetDb,
  })
  expect(restored).toMatch(/restored the backup of .* into /)
  // A second restore onto it is refused: nothing is overwritten.
  const inherited = { ...process.env }
  delete inherited.DATABASE_URL
  const again = spawn(
    process.execPath,
    [
      ...sourceArgs('apps/server/src/backup-cli.ts'),
      'restore',
      path.join(backups, archive as string),
    ],
    { cwd: REPO_ROOT, env: { ...inherited, DATA_DIR: target }, stdio: 'ignore' },
  )
  expect(await new Promise((resolve) => again.once('exit', resolve))).toBe(1)

  const back = spawnMain({ DATA_DIR: target, SEED: 'off', ...targetDb })
  servers.push(back)
  const backUrl = await back.ready
  const client = nodeClient(backUrl, keys.serviceRoleKey)
  const stored = await allRows(client)
  expect(
    rowsBefore.filter((n) => !stored.has(n)),
    'acknowledged rows missing',
  ).toEqual([])

  const bad: string[] = []
  const names = new Set<string>()
  for (let offset = 0; ; offset += 1000) {
    const { data, error } = await client.storage.from(BUCKET).list('load', { limit: 1000, offset })
    if (error) throw new Error(error.message)
    for (const f of data) names.add(`load/${f.name}`)
    if (data.length < 1000) break
  }
  for (const name of filesBefore.keys()) {
    if (!names.has(name)) bad.push(`${name}: not listed`)
  }
  for (const name of names) {
    const res = await fetch(client.storage.from(BUCKET).getPublicUrl(name).data.publicUrl)
    const got = res.status === 200 ? sha256(new Uint8Array(await res.arrayBuffer())) : res.status
    const want = filesBefore.get(name) ?? fans.files.get(name)
    if (got !== want) bad.push(`${name}: ${got}`)
  }
  expect(bad, 'files missing or not byte for byte').toEqual([])
  back.child.kill('SIGTERM')
  expect((await back.exited).code).toBe(0)
}, 240_000)
