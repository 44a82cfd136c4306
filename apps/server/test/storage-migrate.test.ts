// Moving a single-machine site's media into S3 (`npm run storage -- migrate-to-s3`): every
// version a row names is copied under the same id and verified by checksum, an interrupted run
// resumes, a corrupt or missing file is reported and not marked done; and the orphan sweep
// removes stored bytes no row names, on the local disk and in S3, sparing young ones.
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { REPO_ROOT } from '../src/config.js'
import { FileStore } from '../src/storage/file-store.js'
import { migrateToS3 } from '../src/storage/migrate-to-s3.js'
import { readWhole, versionKey } from '../src/storage/object-store.js'
import { S3ObjectStore } from '../src/storage/s3-object-store.js'
import { sweepOrphans } from '../src/storage/sweep.js'
import { sourceArgs } from './support/source-args.js'
import { startS3Server, type TestS3Server } from './support/s3-server.js'
import { startTestServer, withDatabase, type TestServer } from './support/test-server.js'

const BUCKET = 'Behind the scenes'
let s3: TestS3Server
let server: TestServer
let local: FileStore
let target: S3ObjectStore
const objects = new Map<string, Buffer>()

beforeAll(async () => {
  s3 = await startS3Server()
  server = await startTestServer()
  local = new FileStore(path.join(server.config.dataDir, 'storage'))
  target = new S3ObjectStore(s3.storage)
  const admin = server.client('admin')
  for (const [name, size] of [
    ['a.webm', 1000],
    ['b.webm', 200_000],
    ['big.webm', 9 * 1024 * 1024],
  ] as const) {
    const bytes = crypto.randomBytes(size)
    objects.set(name, bytes)
    const { error } = await admin.storage
      .from(BUCKET)
      .upload(name, bytes, { contentType: 'video/webm', cacheControl: '120' })
    expect(error).toBeNull()
  }
})

afterAll(async () => {
  await server?.close()
  await s3?.close()
})

async function versions(): Promise<Map<string, string>> {
  const { rows } = await server.adminPool.query<{ name: string; version: string }>(
    'select name, version from storage.objects',
  )
  return new Map(rows.map((r) => [r.name, r.version]))
}

describe('migrate-to-s3', () => {
  const progressFile = () => path.join(local.root, 'test.progress')

  it('copies and verifies every version, resumes after an interruption, reports bad files', async () => {
    const byName = await versions()
    const run = () =>
      migrateToS3({
        source: local,
        target,
        adminPool: server.adminPool,
        progressFile: progressFile(),
      })

    // An earlier run that got as far as a.webm only.
    await fs.writeFile(progressFile(), `${byName.get('a.webm')}\n`)
    // b.webm's file was damaged on disk after its upload.
    const damaged = local.pathOf(byName.get('b.webm') as string)
    const original = await fs.readFile(damaged)
    await fs.writeFile(damaged, Buffer.concat([original.subarray(1), Buffer.from('x')]))

    const first = await run()
    expect(first).toEqual({
      total: 3,
      copied: 1,
      alreadyDone: 1,
      missing: [],
      mismatched: [byName.get('b.webm')],
    })

    await fs.writeFile(damaged, original)
    const second = await run()
    expect(second).toEqual({ total: 3, copied: 1, alreadyDone: 2, missing: [], mismatched: [] })
    const big = byName.get('big.webm') as string
    expect((await readWhole(target, big))?.equals(objects.get('big.webm')!)).toBe(true)
    expect(await s3.keys()).toContain(versionKey(big))
  })

  it('runs as npm run storage -- migrate-to-s3, leaving the bytes of every row in the bucket', async () => {
    const byName = await versions()
    await fs.rm(path.join(local.root, 'migrate-to-s3.progress'), { force: true })
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [...sourceArgs('apps/server/src/storage-cli.ts'), 'migrate-to-s3'],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          ...s3.env,
          DATABASE_URL: withDatabase(inject('adminUrl'), server.databaseName),
          DATA_DIR: server.config.dataDir,
        },
      },
    )
    expect(stdout).toMatch(
      /^3 object versions: 3 copied and verified, 0 verified before, 0 missing on disk, 0 with a checksum mismatch$/m,
    )
    // Every row now has its bytes in the bucket, with the headers a CDN would serve them with.
    for (const [name, bytes] of objects) {
      const version = byName.get(name) as string
      expect((await readWhole(target, version))?.equals(bytes)).toBe(true)
    }
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/${versionKey(byName.get('a.webm')!)}`)
    expect([res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([
      'video/webm',
      'max-age=120',
    ])
  })
})

describe('sweep', () => {
  it.each(['local', 's3'] as const)('removes orphaned bytes from the %s store', async (kind) => {
    const store = kind === 'local' ? local : target
    const orphan = await store.write(Readable.from([Buffer.from('orphan')]), 100, {
      contentType: 'text/plain',
      cacheControl: 'no-cache',
    })
    const live = [...(await versions()).values()]
    // Just written: it may be an upload about to commit, so the grace period spares it.
    const young = await sweepOrphans(store, server.adminPool, { dryRun: true })
    expect(young.removed).toEqual([])
    expect(young.young).toBeGreaterThanOrEqual(1)

    const swept = await sweepOrphans(store, server.adminPool, { now: Date.now() + 2 * 3600_000 })
    expect(swept.removed).toContain(orphan.version)
    expect(swept.removed.filter((v) => live.includes(v))).toEqual([])
    expect(await store.open(orphan.version).then((o) => o?.stream(0))).toBeUndefined()
    for (const v of live) expect(await readWhole(store, v)).toBeDefined()
  })
})
