// Storage objects through the real supabase-js: who may upload (admin and service role yes; anon
// and plain users get Storage's exact AccessDenied body), upsert and update, delete, move, the
// per-bucket MIME and size limits, names with spaces, and refused names (traversal, absolute,
// control characters, non-ASCII). Every write is also checked in storage.objects and on disk.
import fs from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer
let anon: SupabaseClient
let user: SupabaseClient
let admin: SupabaseClient
let service: SupabaseClient

const RLS_DENIED = {
  statusCode: '403',
  code: 'AccessDenied',
  error: 'Unauthorized',
  message: 'new row violates row-level security policy',
}

beforeAll(async () => {
  server = await startTestServer()
  anon = server.client('anon')
  user = server.client('authenticated')
  admin = server.client('admin')
  service = server.client('service')
  await server.adminPool.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
     values ('tiny', 'tiny', true, 1024, array['text/plain'])`,
  )
})

afterAll(async () => {
  await server?.close()
})

beforeEach(async () => {
  await server.adminPool.query('delete from storage.objects')
})

async function rows() {
  const { rows } = await server.adminPool.query(
    `select bucket_id, name, version, metadata->>'mimetype' as mimetype,
            metadata->>'cacheControl' as cache_control, (metadata->>'size')::int as size,
            user_metadata
     from storage.objects order by bucket_id, name`,
  )
  return rows as {
    bucket_id: string
    name: string
    version: string
    mimetype: string
    cache_control: string
    size: number
    user_metadata: unknown
  }[]
}

function fileOf(version: string): string {
  return path.join(server.config.dataDir, 'storage', 'objects', version.slice(0, 2), version)
}

/** The raw body of a failed storage-js call, as the server sent it. */
async function errorBody(error: unknown): Promise<unknown> {
  const e = error as { status?: number; statusCode?: string; message?: string }
  return { status: e.status, statusCode: e.statusCode, message: e.message }
}

/** A request that no URL parser has normalised: what a hostile client can send. */
function rawRequest(
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; body: string }> {
  const url = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: urlPath, headers },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const wav = (n: number) => new Uint8Array(n).fill(7)

describe('upload', () => {
  it('an admin uploads raw bytes into a bucket whose name has a space', async () => {
    const { data, error } = await admin.storage
      .from('soundtrack 1st')
      .upload('Rent Due Theme.wav', wav(2048), { contentType: 'audio/wav' })
    expect(error).toBeNull()
    expect(data).toEqual({
      path: 'Rent Due Theme.wav',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fullPath: 'soundtrack 1st/Rent Due Theme.wav',
    })
    const [row] = await rows()
    expect(row).toMatchObject({
      bucket_id: 'soundtrack 1st',
      name: 'Rent Due Theme.wav',
      mimetype: 'audio/wav',
      cache_control: 'max-age=3600',
      size: 2048,
    })
    expect(await fs.readFile(fileOf(row!.version))).toEqual(Buffer.from(wav(2048)))
  })

  it('the service role uploads a File as multipart with cacheControl and metadata', async () => {
    const file = new File([wav(300)], 'clip.webm', { type: 'video/webm' })
    const { error } = await service.storage
      .from('Behind the scenes')
      .upload('Episode 1 - Clip.webm', file, { cacheControl: '60', metadata: { take: 3 } })
    expect(error).toBeNull()
    expect(await rows()).toEqual([
      expect.objectContaining({
        bucket_id: 'Behind the scenes',
        name: 'Episode 1 - Clip.webm',
        mimetype: 'video/webm',
        cache_control: 'max-age=60',
        size: 300,
        user_metadata: { take: 3 },
      }),
    ])
  })

  it.each([
    ['anon', () => anon],
    ['a plain signed-in user', () => user],
  ])('%s is refused with the exact AccessDenied body and nothing is stored', async (_, c) => {
    const res = await rawRequest(
      'POST',
      '/storage/v1/object/soundtrack%201st/x.wav',
      {
        'content-type': 'audio/wav',
        authorization: `Bearer ${c() === anon ? server.keys.anonKey : await server.tokenFor()}`,
      },
      'abc',
    )
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toEqual(RLS_DENIED)
    const { error } = await c()
      .storage.from('soundtrack 1st')
      .upload('x.wav', wav(3), { contentType: 'audio/wav' })
    expect(await errorBody(error)).toEqual({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
    expect(await rows()).toEqual([])
    const tmp = await fs.readdir(path.join(server.config.dataDir, 'storage', 'tmp'))
    expect(tmp).toEqual([])
  })

  it('an existing name is a Duplicate without upsert and replaced with it', async () => {
    const bucket = admin.storage.from('soundtrack 2nd')
    await bucket.upload('a.wav', wav(10), { contentType: 'audio/wav' })
    const [first] = await rows()
    const again = await bucket.upload('a.wav', wav(20), { contentType: 'audio/wav' })
    expect(await errorBody(again.error)).toEqual({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    })
    const up = await bucket.upload('a.wav', wav(30), { contentType: 'audio/wav', upsert: true })
    expect(up.error).toBeNull()
    const [second] = await rows()
    expect(second!.size).toBe(30)
    expect(second!.version).not.toBe(first!.version)
    // The replaced version's file is gone; the new one holds the new bytes.
    await expect(fs.stat(fileOf(first!.version))).rejects.toThrow(/ENOENT/)
    expect((await fs.readFile(fileOf(second!.version))).length).toBe(30)
  })

  it('update (PUT) replaces an existing object and is NoSuchKey for a missing one', async () => {
    const bucket = admin.storage.from('soundtrack 2nd')
    await bucket.upload('b.wav', wav(10), { contentType: 'audio/wav' })
    expect((await bucket.update('b.wav', wav(11), { contentType: 'audio/wav' })).error).toBeNull()
    expect((await rows())[0]!.size).toBe(11)
    const missing = await bucket.update('nope.wav', wav(1), { contentType: 'audio/wav' })
    expect(await errorBody(missing.error)).toEqual({
      status: 400,
      statusCode: '404',
      message: 'Object not found',
    })
    expect(await rows()).toHaveLength(1)
  })

  it('refuses a MIME type the bucket does not allow', async () => {
    const { error } = await admin.storage.from('soundtrack 1st').upload('notes.txt', 'hello')
    expect(await errorBody(error)).toEqual({
      status: 400,
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    })
    const img = await admin.storage
      .from('Rent Due Game Images')
      .upload('icon.svg', '<svg/>', { contentType: 'image/svg+xml' })
    expect(img.error).toBeNull()
  })

  it('refuses an object over the bucket size limit, raw and multipart', async () => {
    const tiny = admin.storage.from('tiny')
    expect((await tiny.upload('ok.txt', 'x'.repeat(1024))).error).toBeNull()
    const raw = await tiny.upload('big.txt', 'x'.repeat(1025))
    const form = await tiny.upload('big2.txt', new Blob(['x'.repeat(5000)], { type: 'text/plain' }))
    for (const { error } of [raw, form]) {
      expect(await errorBody(error)).toEqual({
        status: 400,
        statusCode: '413',
        message: 'The object exceeded the maximum allowed size',
      })
    }
    expect((await rows()).map((r) => r.name)).toEqual(['ok.txt'])
    expect(await fs.readdir(path.join(server.config.dataDir, 'storage', 'tmp'))).toEqual([])
  })

  it('refuses a streamed body without Content-Length once it passes the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(600))
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(chunk)
        if (++sent === 4) controller.close()
      },
    })
    let sent = 0
    const { error } = await admin.storage
      .from('tiny')
      .upload('streamed.txt', stream, { contentType: 'text/plain' })
    expect(await errorBody(error)).toEqual({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    })
    expect(await rows()).toEqual([])
    expect(await fs.readdir(path.join(server.config.dataDir, 'storage', 'tmp'))).toEqual([])
  })

  it('an unknown bucket is NoSuchBucket', async () => {
    const { error } = await admin.storage.from('no such').upload('a.txt', 'x')
    expect(await errorBody(error)).toEqual({
      status: 400,
      statusCode: '404',
      message: 'Bucket not found',
    })
  })
})

describe('names', () => {
  const auth = async () => ({
    authorization: `Bearer ${server.keys.serviceRoleKey}`,
    'content-type': 'text/plain',
  })

  it.each([
    ['../x', '/storage/v1/object/tiny/../x'],
    ['%2e%2e/x', '/storage/v1/object/tiny/%2e%2e/x'],
    ['a/%2E%2E/%2E%2E/x', '/storage/v1/object/tiny/a/%2E%2E/%2E%2E/x'],
    ['%2Fetc%2Fpasswd (absolute)', '/storage/v1/object/tiny/%2Fetc%2Fpasswd'],
    ['//etc/passwd (absolute)', '/storage/v1/object/tiny//etc/passwd'],
    ['a control character', '/storage/v1/object/tiny/a%0Ab'],
    ['non-ASCII', '/storage/v1/object/tiny/caf%C3%A9.txt'],
  ])('refuses %s with InvalidKey on upload and download', async (_, p) => {
    const up = await rawRequest('POST', p, await auth(), 'x')
    expect(up.status).toBe(400)
    expect(JSON.parse(up.body)).toMatchObject({
      statusCode: '400',
      code: 'InvalidKey',
      error: 'InvalidKey',
    })
    const down = await rawRequest('GET', p.replace('/object/', '/object/public/'), {})
    expect(JSON.parse(down.body)).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
    expect(await rows()).toEqual([])
  })

  it('a malformed percent-encoding is refused by the router before any handler', async () => {
    const res = await rawRequest('POST', '/storage/v1/object/tiny/%E0%A4%A', await auth(), 'x')
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toMatchObject({ code: 'FST_ERR_BAD_URL' })
    expect(await rows()).toEqual([])
  })

  it('supabase-js normalises ../ itself; what arrives is still refused', async () => {
    const { error } = await admin.storage.from('tiny').upload('../x', 'x')
    expect(error).not.toBeNull()
    expect(await rows()).toEqual([])
  })

  it('keeps + literal and spaces as spaces, as storage-js encodes them', async () => {
    const bucket = admin.storage.from('Episode Previews')
    const name = 'Previously on The 1st + extra (cut).webm'
    const up = await bucket.upload(name, wav(5), { contentType: 'video/webm' })
    expect(up.error).toBeNull()
    expect((await rows())[0]!.name).toBe(name)
    const { data } = await bucket.download(name)
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(wav(5))
    const res = await fetch(bucket.getPublicUrl(name).data.publicUrl)
    expect(res.status).toBe(200)
  })
})

describe('delete and move', () => {
  beforeEach(async () => {
    const b = admin.storage.from('soundtrack 3rd')
    for (const n of ['x.wav', 'y.wav', 'dir/z.wav']) {
      const { error } = await b.upload(n, wav(4), { contentType: 'audio/wav' })
      expect(error).toBeNull()
    }
  })

  it('anon and plain users delete nothing; an admin deletes and the files go', async () => {
    for (const c of [anon, user]) {
      const { data, error } = await c.storage.from('soundtrack 3rd').remove(['x.wav'])
      if (c === anon) {
        expect(await errorBody(error)).toEqual({
          status: 400,
          statusCode: '403',
          message: 'new row violates row-level security policy',
        })
      } else {
        expect(error).toBeNull()
        expect(data).toEqual([])
      }
    }
    expect(await rows()).toHaveLength(3)
    const before = await rows()
    const { data, error } = await admin.storage
      .from('soundtrack 3rd')
      .remove(['x.wav', 'dir/z.wav', 'missing.wav'])
    expect(error).toBeNull()
    expect(data!.map((o) => o.name).sort()).toEqual(['dir/z.wav', 'x.wav'])
    expect((await rows()).map((r) => r.name)).toEqual(['y.wav'])
    for (const r of before.filter((r) => r.name !== 'y.wav')) {
      await expect(fs.stat(fileOf(r.version))).rejects.toThrow(/ENOENT/)
    }
  })

  it('move renames in metadata only and keeps the bytes', async () => {
    const [x] = (await rows()).filter((r) => r.name === 'x.wav')
    const { data, error } = await admin.storage.from('soundtrack 3rd').move('x.wav', 'new/x2.wav')
    expect(error).toBeNull()
    expect(data).toEqual({ message: 'Successfully moved' })
    const moved = (await rows()).find((r) => r.name === 'new/x2.wav')
    expect(moved!.version).toBe(x!.version)
    const dl = await anon.storage.from('soundtrack 3rd').download('new/x2.wav')
    expect(new Uint8Array(await dl.data!.arrayBuffer())).toEqual(wav(4))
    const missing = await admin.storage.from('soundtrack 3rd').move('x.wav', 'y2.wav')
    expect(await errorBody(missing.error)).toEqual({
      status: 400,
      statusCode: '404',
      message: 'Object not found',
    })
    const clash = await admin.storage.from('soundtrack 3rd').move('y.wav', 'dir/z.wav')
    expect(await errorBody(clash.error)).toMatchObject({ statusCode: '409' })
    const denied = await user.storage.from('soundtrack 3rd').move('y.wav', 'q.wav')
    expect(await errorBody(denied.error)).toMatchObject({ statusCode: '404' })
    expect((await rows()).map((r) => r.name).sort()).toEqual(['dir/z.wav', 'new/x2.wav', 'y.wav'])
  })
})
