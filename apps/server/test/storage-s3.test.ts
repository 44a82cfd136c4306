// The Storage API on STORAGE_BACKEND=s3 (s3rver on loopback): the same answers as on the local
// disk, with the S3 bucket holding exactly one key per listed object version. Uploads go up as a
// single PUT or, past 8 MiB, as a multipart upload; downloads ask S3 for just the range answered;
// a refused or failed write leaves no key behind; replaced and deleted versions are removed; an
// unreachable bucket is a 503 with Retry-After; S3_PUBLIC_URL redirects public reads to a CDN.
import crypto from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { versionKey } from '../src/storage/object-store.js'
import { startS3Server, type TestS3Server } from './support/s3-server.js'
import { startTestServer, type TestServer } from './support/test-server.js'

const BUCKET = 'Behind the scenes'
let s3: TestS3Server
let server: TestServer
let admin: SupabaseClient

beforeAll(async () => {
  s3 = await startS3Server()
  server = await startTestServer({ env: { storage: s3.storage } })
  admin = server.client('admin')
})

afterAll(async () => {
  await server?.close()
  await s3?.close()
})

const md5 = (b: Buffer) => `"${crypto.createHash('md5').update(b).digest('hex')}"`

async function versionOf(name: string, bucket = BUCKET): Promise<string | undefined> {
  const { rows } = await server.adminPool.query<{ version: string }>(
    'select version from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  )
  return rows[0]?.version
}

async function objectKeys(): Promise<string[]> {
  const { rows } = await server.adminPool.query<{ version: string }>(
    'select version from storage.objects',
  )
  return rows.map((r) => versionKey(r.version)).sort()
}

function publicUrl(name: string, bucket = BUCKET): string {
  return admin.storage.from(bucket).getPublicUrl(name).data.publicUrl
}

describe('uploads and downloads through S3', () => {
  it.each([
    ['a single PUT', 100_000],
    ['a multipart upload', 9 * 1024 * 1024 + 17],
  ])('stores %s and serves it whole, by range and conditionally', async (_how, size) => {
    const name = `s3/${size}.webm`
    const bytes = crypto.randomBytes(size)
    const { error } = await admin.storage
      .from(BUCKET)
      .upload(name, bytes, { contentType: 'video/webm', cacheControl: '600' })
    expect(error).toBeNull()
    const version = (await versionOf(name)) as string
    expect(await s3.keys()).toContain(versionKey(version))

    const whole = await fetch(publicUrl(name))
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true)
    expect(whole.headers.get('etag')).toBe(md5(bytes))
    expect(whole.headers.get('cache-control')).toBe('max-age=600')
    expect(whole.headers.get('content-type')).toBe('video/webm')

    const from = size - 5000
    const ranged = await fetch(publicUrl(name), { headers: { range: `bytes=${from}-` } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes ${from}-${size - 1}/${size}`)
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(from))).toBe(true)

    const suffix = await fetch(publicUrl(name), { headers: { range: 'bytes=-10' } })
    expect(suffix.status).toBe(206)
    expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(size - 10))).toBe(true)

    const cached = await fetch(publicUrl(name), { headers: { 'if-none-match': md5(bytes) } })
    expect(cached.status).toBe(304)
    const unsatisfiable = await fetch(publicUrl(name), { headers: { range: `bytes=${size}-` } })
    expect(unsatisfiable.status).toBe(416)

    const { data } = await admin.storage.from(BUCKET).download(name)
    expect(Buffer.from(await data!.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('keeps exactly the live versions in the bucket through upsert, move and delete', async () => {
    const first = crypto.randomBytes(2000)
    const second = crypto.randomBytes(3000)
    const s = admin.storage.from(BUCKET)
    expect((await s.upload('life/a.webm', first, { contentType: 'video/webm' })).error).toBeNull()
    const old = (await versionOf('life/a.webm')) as string
    const upsert = await s.upload('life/a.webm', second, {
      contentType: 'video/webm',
      upsert: true,
    })
    expect(upsert.error).toBeNull()
    expect(await versionOf('life/a.webm')).not.toBe(old)
    expect(await s3.keys()).not.toContain(versionKey(old))
    expect(await s3.keys()).toEqual(await objectKeys())

    expect((await s.move('life/a.webm', 'life/b.webm')).error).toBeNull()
    const moved = await fetch(publicUrl('life/b.webm'))
    expect(Buffer.from(await moved.arrayBuffer()).equals(second)).toBe(true)

    const removed = await s.remove(['life/b.webm'])
    expect(removed.data?.map((o) => o.name)).toEqual(['life/b.webm'])
    expect(await s3.keys()).toEqual(await objectKeys())
  })

  it('leaves no key behind for a refused, too large or losing upload', async () => {
    const before = await s3.keys()
    const anon = server.client('anon')
    const refused = await anon.storage.from(BUCKET).upload('nope.webm', Buffer.from('x'))
    expect(refused.error?.message).toBe('new row violates row-level security policy')

    await server.adminPool.query(
      `insert into storage.buckets (id, name, public, file_size_limit) values ('tiny', 'tiny', true, 1000)`,
    )
    const large = await admin.storage.from('tiny').upload('big.bin', crypto.randomBytes(5000))
    expect(large.error?.message).toBe('The object exceeded the maximum allowed size')

    // Two inserts of one name both pass the permission check and store their bytes; the second
    // commit hits the unique key and must take its bytes back out of the bucket.
    const race = await Promise.all(
      [1, 2].map(() =>
        admin.storage
          .from(BUCKET)
          .upload('race.webm', crypto.randomBytes(300_000), { contentType: 'video/webm' }),
      ),
    )
    expect(race.map((r) => r.error?.message ?? 'ok').sort()).toEqual([
      'The resource already exists',
      'ok',
    ])
    const after = await s3.keys()
    expect(after.filter((k) => !before.includes(k))).toEqual([
      versionKey((await versionOf('race.webm')) as string),
    ])
  })
})

describe('S3_PUBLIC_URL', () => {
  let cdn: TestServer

  beforeAll(async () => {
    // s3rver serves a path-style bucket URL to anyone, as a public bucket behind a CDN would.
    cdn = await startTestServer({
      env: { storage: { ...s3.storage, publicUrl: `${s3.endpoint}/${s3.bucket}` } },
    })
  })

  afterAll(async () => {
    await cdn?.close()
  })

  it('redirects a public read to the CDN copy of that version, with the object Cache-Control', async () => {
    const bytes = crypto.randomBytes(4000)
    const c = cdn.client('admin')
    const up = await c.storage
      .from(BUCKET)
      .upload('cdn.webm', bytes, { contentType: 'video/webm', cacheControl: '60' })
    expect(up.error).toBeNull()
    const { rows } = await cdn.adminPool.query<{ version: string }>(
      `select version from storage.objects where name = 'cdn.webm'`,
    )
    const url = c.storage.from(BUCKET).getPublicUrl('cdn.webm').data.publicUrl
    const res = await fetch(url, { redirect: 'manual' })
    expect(res.status).toBe(302)
    const location = `${s3.endpoint}/${s3.bucket}/${versionKey(rows[0]!.version)}`
    expect(res.headers.get('location')).toBe(location)
    expect(res.headers.get('cache-control')).toBe('max-age=60')

    const fromCdn = await fetch(location)
    expect(Buffer.from(await fromCdn.arrayBuffer()).equals(bytes)).toBe(true)
    expect(fromCdn.headers.get('content-type')).toBe('video/webm')
    expect(fromCdn.headers.get('cache-control')).toBe('max-age=60')

    // ?download needs our Content-Disposition, so it is still served by us.
    const download = await fetch(`${url}?download=x.webm`, { redirect: 'manual' })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toBe(
      "attachment; filename=x.webm; filename*=UTF-8''x.webm",
    )
    await download.arrayBuffer()
  })
})

describe('an unreachable bucket', () => {
  it('answers 503 with Retry-After, for reads and writes alike', async () => {
    const down = await startS3Server()
    const other = await startTestServer({ env: { storage: down.storage } })
    try {
      const c = other.client('admin')
      const video = { contentType: 'video/webm' }
      expect(
        (await c.storage.from(BUCKET).upload('x.webm', Buffer.from('x'), video)).error,
      ).toBeNull()
      await down.close()
      const read = await fetch(c.storage.from(BUCKET).getPublicUrl('x.webm').data.publicUrl)
      expect(read.status).toBe(503)
      expect(read.headers.get('retry-after')).toBe('5')
      expect(await read.json()).toEqual({
        statusCode: '503',
        code: 'ServiceUnavailable',
        error: 'Service Unavailable',
        message: 'Object storage is unavailable; try again shortly',
      })
      const write = await c.storage.from(BUCKET).upload('y.webm', Buffer.from('y'), video)
      expect(write.error?.message).toBe('Object storage is unavailable; try again shortly')
      const { rows } = await other.adminPool.query(
        `select name from storage.objects where name = 'y.webm'`,
      )
      expect(rows).toEqual([])
    } finally {
      await other.close()
      await down.close()
    }
  })
})
