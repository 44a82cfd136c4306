// Resumable uploads (TUS) at /storage/v1/upload/resumable on the local disk: tus-js-client as
// Supabase's docs use it, a 600 MiB file whose connection drops mid-way and which resumes to land
// byte for byte (then served by Range), and a table of what is refused and how: the same token,
// RLS, media type and size rules as plain uploads, only the starter may continue an upload,
// per-caller limits, and bounded headers.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FileStore } from '../src/storage/file-store.js'
import { startCuttingProxy } from '../../../test-support/cutting-proxy.js'
import { sha256OfFile, writePatternFile } from './support/pattern-file.js'
import { startTestServer, type TestServer } from './support/test-server.js'
import { tusUpload } from './support/tus-upload.js'

const BUCKET = 'Full episodes'
const BIG = 600 * 1024 * 1024

let server: TestServer
let adminToken: string
let tmp: string
let endpoint: string

beforeAll(async () => {
  server = await startTestServer()
  adminToken = await server.tokenFor({ app_metadata: { role: 'admin' } })
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-tus-'))
  endpoint = `${server.url}/storage/v1/upload/resumable`
})

afterAll(async () => {
  await server?.close()
  if (tmp) await fs.rm(tmp, { recursive: true, force: true })
})

const store = () => new FileStore(path.join(server.config.dataDir, 'storage'))

async function rowOf(name: string, bucket = BUCKET) {
  const { rows } = await server.adminPool.query<{
    version: string
    metadata: { size: number; mimetype: string; eTag: string }
  }>('select version, metadata from storage.objects where bucket_id = $1 and name = $2', [
    bucket,
    name,
  ])
  return rows[0]
}

async function openUploads(): Promise<number> {
  const { rows } = await server.adminPool.query<{ n: string }>(
    'select count(*) as n from resumable.uploads',
  )
  return Number(rows[0]?.n)
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')
const metadata = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',')

/** One raw TUS request, as a client that is not tus-js-client might send it. */
async function tus(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(url, {
    method,
    headers: { 'tus-resumable': '1.0.0', ...headers },
    body,
  })
  return { status: res.status, text: await res.text(), headers: res.headers }
}

function create(token: string | undefined, pairs: Record<string, string>, length = 1000) {
  return tus('POST', endpoint, {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    apikey: server.keys.anonKey,
    'upload-length': String(length),
    'upload-metadata': metadata(pairs),
  })
}

const episode = (name: string) => ({
  bucketName: BUCKET,
  objectName: name,
  contentType: 'video/mp4',
})

describe('tus-js-client against our endpoint', () => {
  it('uploads in 6 MiB chunks, with a relative Location like hosted Storage, as a listed object', async () => {
    const bytes = crypto.randomBytes(13 * 1024 * 1024 + 5)
    const name = 'client/episode 1.mp4'
    const result = await tusUpload({
      endpoint,
      token: adminToken,
      apiKey: server.keys.anonKey,
      input: bytes,
      bucket: BUCKET,
      name,
      contentType: 'video/mp4',
    })
    const row = await rowOf(name)
    expect(row?.metadata).toMatchObject({ size: bytes.length, mimetype: 'video/mp4' })
    expect(row?.metadata.eTag).toBe(`"${crypto.createHash('md5').update(bytes).digest('hex')}"`)
    // The URL's last segment is base64url of bucket/name/version, as hosted Storage makes it.
    const id = result.url.split('/').pop() ?? ''
    expect(result.url).toBe(`${endpoint}/${id}`)
    expect(Buffer.from(id, 'base64url').toString()).toBe(`${BUCKET}/${name}/${row?.version}`)
    expect(result.requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH'])
    const { data } = await server.client('admin').storage.from(BUCKET).list('client')
    expect(data?.map((o) => o.name)).toEqual(['episode 1.mp4'])
    // Nothing unfinished is left: the book is empty, no partial file remains.
    expect(await openUploads()).toBe(0)
    expect(await fs.readdir(path.join(server.config.dataDir, 'storage', 'resumable'))).toEqual([])
  })

  it(`lands a ${BIG / 1024 / 1024} MiB file byte for byte after the connection drops mid-way, and serves it by Range`, async () => {
    const file = path.join(tmp, 'big.webm')
    const sha = await writePatternFile(file, BIG)
    const { port } = new URL(server.url)
    const proxy = await startCuttingProxy(Number(port), Math.floor(BIG * 0.45))
    try {
      const result = await tusUpload({
        endpoint: `${proxy.url}/storage/v1/upload/resumable`,
        token: adminToken,
        apiKey: server.keys.anonKey,
        input: file,
        bucket: BUCKET,
        name: 'big/600.webm',
        contentType: 'video/webm',
      })
      expect(proxy.cut).toBe(true)
      // After the drop the client asked where the upload stood and went on from there.
      const head = result.requests.findIndex((r) => r.method === 'HEAD')
      expect(head).toBeGreaterThan(0)
      const resumedAt = Number(result.requests[head + 1]?.offset)
      expect(resumedAt).toBeGreaterThan(BIG * 0.4)
      expect(resumedAt).toBeLessThan(BIG * 0.46)
    } finally {
      await proxy.close()
    }
    const row = await rowOf('big/600.webm')
    expect(row?.metadata.size).toBe(BIG)
    expect(await sha256OfFile(store().pathOf(row!.version))).toBe(sha)

    const url = `${server.url}/storage/v1/object/public/${encodeURIComponent(BUCKET)}/big/600.webm`
    const start = 300 * 1024 * 1024 + 3
    const ranged = await fetch(url, { headers: { range: `bytes=${start}-${start + 9}` } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes ${start}-${start + 9}/${BIG}`)
    const handle = await fs.open(file, 'r')
    const expected = Buffer.alloc(10)
    await handle.read(expected, 0, 10, start)
    await handle.close()
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(expected)
    await fs.rm(file)
  }, 180_000)
})

describe('who may do what', () => {
  it.each([
    ['no token (anon)', undefined, 403, 'new row violates row-level security policy'],
    ['a signed-in visitor', 'visitor', 403, 'new row violates row-level security policy'],
    ['a broken token', 'broken', 403, 'JWT cryptographic operation failed'],
  ])('%s may not start an upload', async (_who, kind, status, message) => {
    const token =
      kind === 'visitor' ? await server.tokenFor() : kind === 'broken' ? 'a.b.c' : undefined
    const res = await create(token, episode(`refused ${_who}.mp4`))
    expect(res.status).toBe(status)
    expect(res.text).toBe(`${message}\n`)
    expect(await openUploads()).toBe(0)
  })

  it.each([
    [
      'a type the bucket refuses',
      { ...episode('notes.txt'), contentType: 'text/plain' },
      1000,
      415,
      'mime type text/plain is not supported',
    ],
    [
      'more than the bucket takes',
      { ...episode('huge.webm'), bucketName: 'Episode Previews' },
      50 * 1024 * 1024 + 1,
      413,
      'The object exceeded the maximum allowed size',
    ],
    [
      'more than 5 GiB of full episode',
      episode('too long.mp4'),
      5 * 1024 ** 3 + 1,
      413,
      'The object exceeded the maximum allowed size',
    ],
    [
      'a bucket that does not exist',
      { ...episode('x.mp4'), bucketName: 'Nowhere' },
      1000,
      404,
      'Bucket not found',
    ],
    ['an invalid object name', episode('../up.mp4'), 1000, 400, 'Invalid key: ../up.mp4'],
    [
      'no object name',
      { bucketName: BUCKET },
      1000,
      400,
      'Upload-Metadata must name the bucketName and the objectName',
    ],
    [
      'a metadata that is no object',
      { ...episode('m.mp4'), metadata: '[1]' },
      1000,
      400,
      'metadata must be a JSON object',
    ],
  ])('refuses %s', async (_what, pairs, length, status, message) => {
    const res = await create(adminToken, pairs as Record<string, string>, length)
    expect(res.status).toBe(status)
    expect(res.text).toBe(`${message}\n`)
  })

  it('takes a full episode of exactly 5 GiB (declared; nothing sent yet) and refuses an existing name', async () => {
    const res = await create(adminToken, episode('five.mp4'), 5 * 1024 ** 3)
    expect(res.status).toBe(201)
    const cancel = await tus('DELETE', `${server.url}${res.headers.get('location')}`, {
      authorization: `Bearer ${adminToken}`,
    })
    expect(cancel.status).toBe(204)

    const service = server.client('service')
    expect(
      (
        await service.storage
          .from(BUCKET)
          .upload('taken.mp4', Buffer.from('x'), { contentType: 'video/mp4' })
      ).error,
    ).toBeNull()
    const taken = await create(adminToken, episode('taken.mp4'))
    expect([taken.status, taken.text]).toEqual([409, 'The resource already exists\n'])
  })

  it('lets only the starter continue, inspect or cancel an upload', async () => {
    const res = await create(adminToken, episode('mine.mp4'), 10)
    expect(res.status).toBe(201)
    const url = `${server.url}${res.headers.get('location')}`
    const otherAdmin = await server.tokenFor({ app_metadata: { role: 'admin' } })
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const other = await tus(
        method,
        url,
        {
          authorization: `Bearer ${otherAdmin}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        method === 'PATCH' ? Buffer.alloc(10) : undefined,
      )
      expect([method, other.status]).toEqual([method, 404])
    }
    const head = await tus('HEAD', url, { authorization: `Bearer ${adminToken}` })
    expect([head.status, head.headers.get('upload-offset')]).toEqual([200, '0'])
    const patched = await tus(
      'PATCH',
      url,
      {
        authorization: `Bearer ${adminToken}`,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      Buffer.from('0123456789'),
    )
    expect(patched.status).toBe(204)
    const row = await rowOf('mine.mp4')
    expect(await fs.readFile(store().pathOf(row!.version), 'utf8')).toBe('0123456789')
  })

  it('answers 404 for upload URLs that are not ours', async () => {
    const forged = Buffer.from(`${BUCKET}/x.mp4/${crypto.randomUUID()}`).toString('base64url')
    for (const id of [forged, 'not-base64!', 'Zm9v']) {
      const res = await tus('HEAD', `${endpoint}/${id}`, { authorization: `Bearer ${adminToken}` })
      expect([id, res.status]).toEqual([id, 404])
    }
  })
})

describe('limits and bounds', () => {
  it('cancels an upload: its bytes and its book entry go', async () => {
    const res = await create(adminToken, episode('cancel.mp4'), 20)
    const url = `${server.url}${res.headers.get('location')}`
    const version = Buffer.from(url.split('/').pop()!, 'base64url').toString().split('/').pop()!
    const partial = path.join(server.config.dataDir, 'storage', 'resumable', version)
    await expect(fs.stat(partial)).resolves.toBeTruthy()
    const deleted = await tus('DELETE', url, { authorization: `Bearer ${adminToken}` })
    expect(deleted.status).toBe(204)
    await expect(fs.stat(partial)).rejects.toThrow(/ENOENT/)
    const { rows } = await server.adminPool.query(
      'select 1 from resumable.uploads where version = $1',
      [version],
    )
    expect(rows).toEqual([])
    expect((await tus('HEAD', url, { authorization: `Bearer ${adminToken}` })).status).toBe(404)
  })

  it('holds at most 10 unfinished uploads per caller (429), counted in the database', async () => {
    const token = await server.tokenFor({ app_metadata: { role: 'admin' } })
    const made = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create(token, episode(`open ${i}.mp4`))),
    )
    expect(made.map((r) => r.status)).toEqual(Array(10).fill(201))
    const eleventh = await create(token, episode('open 10.mp4'))
    expect(eleventh.status).toBe(429)
    expect(eleventh.text).toBe(
      'At most 10 unfinished uploads at a time: finish or cancel one first.\n',
    )
    expect(eleventh.headers.get('retry-after')).toBe('60')
    // Another caller is not affected.
    expect((await create(adminToken, episode('other caller.mp4'))).status).toBe(201)
  })

  it('lets at most 3 requests of one caller send bytes at once (429)', async () => {
    const token = await server.tokenFor({ app_metadata: { role: 'admin' } })
    const urls: string[] = []
    for (let i = 0; i < 4; i++) {
      const res = await create(token, episode(`busy ${i}.mp4`), 1_000_000)
      urls.push(`${server.url}${res.headers.get('location')}`)
    }
    // Three PATCHes that send a first byte and then wait, holding their slots.
    const open = urls.slice(0, 3).map((u) => {
      const req = http.request(u, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': '1000000',
        },
      })
      req.on('error', () => undefined)
      req.write(Buffer.alloc(1))
      return req
    })
    try {
      await expect
        .poll(async () => {
          const { rows } = await server.adminPool.query<{ n: string }>(
            "select count(*) as n from resumable.uploads where name like 'busy %' and lock_token is not null",
          )
          return Number(rows[0]?.n)
        })
        .toBe(3)
      const fourth = await tus(
        'PATCH',
        urls[3]!,
        {
          authorization: `Bearer ${token}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        Buffer.alloc(10),
      )
      expect([fourth.status, fourth.text]).toEqual([
        429,
        'At most 3 uploads may send bytes at once.\n',
      ])
    } finally {
      for (const req of open) req.destroy()
    }
  })

  it.each([
    [
      'an Upload-Metadata over 8192 characters',
      { 'upload-metadata': `objectName ${'QUFB'.repeat(2100)}` },
      'Upload-Metadata must be at most 8192 characters',
    ],
    [
      '17 metadata pairs',
      { 'upload-metadata': Array.from({ length: 17 }, (_, i) => `k${i} eA==`).join(',') },
      'Upload-Metadata may hold at most 16 pairs',
    ],
    [
      'a value that is not base64',
      { 'upload-metadata': 'bucketName not_base64!' },
      "Upload-Metadata's bucketName is not base64",
    ],
    [
      'a key twice',
      { 'upload-metadata': 'objectName eA==,objectName eQ==' },
      'Upload-Metadata names objectName twice',
    ],
    [
      'a length that is no number',
      { 'upload-length': '12e3' },
      'upload-length must be a whole number of bytes',
    ],
    [
      'a length of 16 digits',
      { 'upload-length': '1234567890123456' },
      'upload-length must be a whole number of bytes',
    ],
  ])('refuses %s with 400 in words', async (_what, headers, message) => {
    const res = await tus('POST', endpoint, {
      authorization: `Bearer ${adminToken}`,
      'upload-length': '10',
      'upload-metadata': metadata(episode('bounded.mp4')),
      ...headers,
    })
    expect([res.status, res.text]).toEqual([400, `${message}\n`])
  })
})
