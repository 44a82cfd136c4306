// Downloads (docs/api-coverage.md#storage-storagev1): the public URL from getPublicUrl fetched as a
// browser would, byte ranges (first bytes, middle, suffix, open end, clamped end, every 416),
// conditional GETs (304 on ETag and on Last-Modified), HEAD, Cache-Control, ?download, no
// compression of media, and the authenticated download where RLS SELECT decides.
import crypto from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer
let anon: SupabaseClient
let admin: SupabaseClient
let url: string

const BUCKET = 'Behind the scenes'
const NAME = 'Episode 2 - Foley (Kitchen) + 1.webm'
const BYTES = crypto.randomBytes(100_000)
const ETAG = `"${crypto.createHash('md5').update(BYTES).digest('hex')}"`

beforeAll(async () => {
  server = await startTestServer()
  anon = server.client('anon')
  admin = server.client('admin')
  const { error } = await admin.storage
    .from(BUCKET)
    .upload(NAME, BYTES, { contentType: 'video/webm', cacheControl: '600' })
  expect(error).toBeNull()
  url = anon.storage.from(BUCKET).getPublicUrl(NAME).data.publicUrl
  await server.adminPool.query(
    `insert into storage.buckets (id, name, public) values ('drafts', 'drafts', false)`,
  )
  expect((await admin.storage.from('drafts').upload('d.txt', 'draft')).error).toBeNull()
})

afterAll(async () => {
  await server?.close()
})

async function get(headers: Record<string, string> = {}, method = 'GET', target = url) {
  const res = await fetch(target, { method, headers })
  return { res, body: Buffer.from(await res.arrayBuffer()) }
}

describe('public download', () => {
  it('getPublicUrl encodes the name the way the server decodes it (+ stays +)', () => {
    expect(url).toBe(
      `${server.url}/storage/v1/object/public/Behind%20the%20scenes/Episode%202%20-%20Foley%20(Kitchen)%20+%201.webm`,
    )
  })

  it('serves the whole object with its headers', async () => {
    const { res, body } = await get()
    expect(res.status).toBe(200)
    expect(body.equals(BYTES)).toBe(true)
    expect(
      Object.fromEntries(
        [
          'accept-ranges',
          'content-type',
          'content-length',
          'etag',
          'cache-control',
          'x-robots-tag',
        ].map((h) => [h, res.headers.get(h)]),
      ),
    ).toEqual({
      'accept-ranges': 'bytes',
      'content-type': 'video/webm',
      'content-length': '100000',
      etag: ETAG,
      'cache-control': 'max-age=600',
      'x-robots-tag': 'none',
    })
    expect(new Date(res.headers.get('last-modified')!).getTime()).toBeGreaterThan(0)
    expect(res.headers.get('content-encoding')).toBeNull()
  })

  it.each([
    ['first bytes', 'bytes=0-99', 0, 99],
    ['the middle', 'bytes=50000-50999', 50000, 50999],
    ['a suffix', 'bytes=-100', 99900, 99999],
    ['an open end', 'bytes=99000-', 99000, 99999],
    ['an end past the size (clamped)', 'bytes=99990-200000', 99990, 99999],
    ['a suffix longer than the object', 'bytes=-500000', 0, 99999],
  ])('answers %s with 206 and exactly that slice', async (_, range, start, end) => {
    const { res, body } = await get({ range })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/100000`)
    expect(res.headers.get('content-length')).toBe(String(end - start + 1))
    expect(body.equals(BYTES.subarray(start, end + 1))).toBe(true)
  })

  it.each(['bytes=100000-', 'bytes=500-100', 'bytes=-0', 'bytes=-', 'items=0-1', 'bytes=0-1,5-6'])(
    'answers %s with 416 and Storage’s body',
    async (range) => {
      const { res, body } = await get({ range })
      expect(res.status).toBe(416)
      expect(res.headers.get('content-range')).toBe('bytes */100000')
      expect(JSON.parse(body.toString())).toEqual({
        statusCode: '416',
        code: 'InvalidRange',
        error: 'invalid_range',
        message: 'invalid range provided',
      })
    },
  )

  it('answers 304 to a matching If-None-Match and to a fresh If-Modified-Since', async () => {
    const first = await get()
    const lastModified = first.res.headers.get('last-modified')!
    const byTag = await get({ 'if-none-match': ETAG })
    expect(byTag.res.status).toBe(304)
    expect(byTag.body.length).toBe(0)
    expect(byTag.res.headers.get('etag')).toBe(ETAG)
    expect((await get({ 'if-none-match': `"other", ${ETAG}` })).res.status).toBe(304)
    expect((await get({ 'if-none-match': '"other"' })).res.status).toBe(200)
    expect((await get({ 'if-modified-since': lastModified })).res.status).toBe(304)
    const before = new Date(Date.parse(lastModified) - 60_000).toUTCString()
    expect((await get({ 'if-modified-since': before })).res.status).toBe(200)
  })

  it('answers HEAD with the headers and no body', async () => {
    const { res, body } = await get({}, 'HEAD')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('100000')
    expect(res.headers.get('etag')).toBe(ETAG)
    expect(body.length).toBe(0)
    expect(await anon.storage.from(BUCKET).exists(NAME)).toEqual({
      data: true,
      error: null,
    })
  })

  it('adds Content-Disposition for ?download', async () => {
    const named = await get({}, 'GET', `${url}?download=clip%20one.webm`)
    expect(named.res.headers.get('content-disposition')).toBe(
      "attachment; filename=clip%20one.webm; filename*=UTF-8''clip%20one.webm",
    )
    const bare = await get({}, 'GET', `${url}?download`)
    expect(bare.res.headers.get('content-disposition')).toBe('attachment;')
  })

  it('does not compress, even for compressible types', async () => {
    expect(
      (
        await admin.storage
          .from('Rent Due Game Images')
          .upload('i.svg', '<svg>' + 'x'.repeat(5000) + '</svg>', {
            contentType: 'image/svg+xml',
          })
      ).error,
    ).toBeNull()
    const svg = anon.storage.from('Rent Due Game Images').getPublicUrl('i.svg').data.publicUrl
    const { res } = await get({ 'accept-encoding': 'gzip, br', range: 'bytes=0-9' }, 'GET', svg)
    expect(res.status).toBe(206)
    expect(res.headers.get('content-encoding')).toBeNull()
  })

  it('says NoSuchKey (no-store) for a missing object and NoSuchBucket for a private one', async () => {
    const missing = await get(
      {},
      'GET',
      `${server.url}/storage/v1/object/public/${encodeURIComponent(BUCKET)}/nope.webm`,
    )
    expect(missing.res.status).toBe(400)
    expect(missing.res.headers.get('cache-control')).toBe('no-store')
    expect(JSON.parse(missing.body.toString())).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'Not found',
      message: 'The resource was not found',
    })
    const priv = await get(
      {},
      'GET',
      anon.storage.from('drafts').getPublicUrl('d.txt').data.publicUrl,
    )
    expect(priv.res.status).toBe(400)
    expect(JSON.parse(priv.body.toString())).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    })
  })
})

describe('authenticated download', () => {
  it('lets RLS SELECT decide: admins read a private bucket, anon does not', async () => {
    const ok = await admin.storage.from('drafts').download('d.txt')
    expect(ok.error).toBeNull()
    expect(await ok.data!.text()).toBe('draft')
    const denied = await anon.storage.from('drafts').download('d.txt')
    expect(denied.data).toBeNull()
    expect(denied.error).not.toBeNull()
    const res = await fetch(`${server.url}/storage/v1/object/drafts/d.txt`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    })
  })

  it('serves ranges on the authenticated route too', async () => {
    const res = await fetch(
      `${server.url}/storage/v1/object/Behind%20the%20scenes/${encodeURIComponent(NAME)}`,
      {
        headers: { range: 'bytes=10-19' },
      },
    )
    expect(res.status).toBe(206)
    expect(Buffer.from(await res.arrayBuffer()).equals(BYTES.subarray(10, 20))).toBe(true)
  })

  it('refuses an invalid JWT with AccessDenied', async () => {
    const res = await fetch(`${server.url}/storage/v1/object/drafts/d.txt`, {
      headers: { authorization: 'Bearer not.a.jwt' },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'JWT cryptographic operation failed',
    })
  })
})
