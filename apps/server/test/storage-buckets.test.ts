// The bucket API storage-js offers, as a scenario table per caller: the service role and admins
// list, get, create, update, empty and delete buckets; anon and plain users see none and change
// none, with Storage's exact error bodies. Also the site's buckets created by migrations 0005 and
// 0020.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer
let clients: Record<'anon' | 'user' | 'admin' | 'service', SupabaseClient>

const SITE_BUCKETS = [
  'Behind the scenes',
  'Episode Previews',
  'Episode stills',
  'Full episodes',
  'Rent Due Game Images',
  'soundtrack 1st',
  'soundtrack 2nd',
  'soundtrack 3rd',
  'soundtrack 4th',
]

beforeAll(async () => {
  server = await startTestServer()
  clients = {
    anon: server.client('anon'),
    user: server.client('authenticated'),
    admin: server.client('admin'),
    service: server.client('service'),
  }
})

afterAll(async () => {
  await server?.close()
})

function plain(error: unknown) {
  const e = error as { status?: number; statusCode?: string; message?: string } | null
  return e && { status: e.status, statusCode: e.statusCode, message: e.message }
}

const DENIED = {
  status: 400,
  statusCode: '403',
  message: 'new row violates row-level security policy',
}
const NO_BUCKET = { status: 400, statusCode: '404', message: 'Bucket not found' }

describe('the site buckets', () => {
  it('exist, public, with MIME types and (the media buckets) a 50 MB limit', async () => {
    const { data, error } = await clients.service.storage.listBuckets()
    expect(error).toBeNull()
    expect(data!.map((b) => b.name)).toEqual(SITE_BUCKETS)
    const sound = data!.find((b) => b.id === 'soundtrack 1st')!
    expect(sound).toMatchObject({
      public: true,
      file_size_limit: 52428800,
      allowed_mime_types: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4'],
    })
    expect(data!.find((b) => b.id === 'Episode Previews')!.allowed_mime_types).toEqual([
      'video/webm',
      'video/mp4',
    ])
    expect(data!.find((b) => b.id === 'Rent Due Game Images')!.allowed_mime_types).toEqual([
      'image/*',
    ])
  })

  it('take full episodes up to 5 GiB (by resumable upload) and stills up to 5 MB', async () => {
    const { data } = await clients.service.storage.listBuckets()
    expect(data!.find((b) => b.id === 'Full episodes')).toMatchObject({
      public: true,
      file_size_limit: 5 * 1024 ** 3,
      allowed_mime_types: ['video/webm', 'video/mp4'],
    })
    expect(data!.find((b) => b.id === 'Episode stills')).toMatchObject({
      public: true,
      file_size_limit: 5 * 1024 ** 2,
      allowed_mime_types: ['image/webp', 'image/png', 'image/jpeg'],
    })
  })
})

describe('migration 0005', () => {
  it('changes nothing when run again', async () => {
    const snapshot = async () =>
      (
        await server.adminPool.query(
          `select (select json_agg(p order by policyname) from pg_policies p
                   where schemaname = 'storage') as policies,
                  (select json_agg(b order by id) from storage.buckets b) as buckets,
                  (select count(*)::int from pg_proc where pronamespace = 'storage'::regnamespace)
                    as functions`,
        )
      ).rows[0]
    const before = await snapshot()
    const sql = await fs.readFile(
      path.join(server.config.migrationsDir, '0005_create_storage_schema.sql'),
      'utf8',
    )
    await server.adminPool.query(sql)
    expect(await snapshot()).toEqual(before)
    expect((before as { policies: unknown[] }).policies).toHaveLength(6)
  })
})

describe.each(['anon', 'user'] as const)('%s', (kind) => {
  it('sees no buckets', async () => {
    const c = clients[kind]
    expect(await c.storage.listBuckets()).toEqual({ data: [], error: null })
    expect(plain((await c.storage.getBucket('soundtrack 1st')).error)).toEqual(NO_BUCKET)
  })

  it('may not create, update, empty or delete one', async () => {
    const c = clients[kind]
    expect(plain((await c.storage.createBucket('mine', { public: true })).error)).toEqual(DENIED)
    // anon holds no UPDATE/DELETE grant at all; a signed-in user has the grant but RLS shows
    // it no bucket.
    const hidden = kind === 'anon' ? DENIED : NO_BUCKET
    expect(
      plain((await c.storage.updateBucket('soundtrack 1st', { public: false })).error),
    ).toEqual(hidden)
    expect(plain((await c.storage.emptyBucket('soundtrack 1st')).error)).toEqual(NO_BUCKET)
    expect(plain((await c.storage.deleteBucket('soundtrack 1st')).error)).toEqual(hidden)
    const { rows } = await server.adminPool.query(
      `select count(*)::int as n, bool_and(public) as all_public from storage.buckets`,
    )
    expect(rows[0]).toEqual({ n: SITE_BUCKETS.length, all_public: true })
  })
})

describe.each(['admin', 'service'] as const)('%s', (kind) => {
  it('creates, reads, updates, empties and deletes a bucket with a space in its name', async () => {
    const s = clients[kind].storage
    const id = `fan art ${kind}`
    expect(
      await s.createBucket(id, {
        public: true,
        fileSizeLimit: '1MB',
        allowedMimeTypes: ['image/png'],
      }),
    ).toEqual({ data: { name: id }, error: null })
    expect(plain((await s.createBucket(id)).error)).toEqual({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    })
    const got = await s.getBucket(id)
    expect(got.data).toMatchObject({
      id,
      name: id,
      public: true,
      file_size_limit: 1048576,
      allowed_mime_types: ['image/png'],
    })
    expect(await s.updateBucket(id, { public: false, fileSizeLimit: 10 })).toEqual({
      data: { message: 'Successfully updated' },
      error: null,
    })
    expect((await s.getBucket(id)).data).toMatchObject({ public: false, file_size_limit: 10 })

    const png = new Uint8Array([137, 80, 78, 71])
    expect((await s.from(id).upload('a.png', png, { contentType: 'image/png' })).error).toBeNull()
    expect(plain((await s.deleteBucket(id)).error)).toEqual({
      status: 400,
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    })
    expect(await s.emptyBucket(id)).toEqual({
      data: { message: 'Successfully emptied' },
      error: null,
    })
    expect(await s.deleteBucket(id)).toEqual({
      data: { message: 'Successfully deleted' },
      error: null,
    })
    expect(plain((await s.getBucket(id)).error)).toEqual(NO_BUCKET)
  })

  it('is refused an invalid bucket name', async () => {
    const { error } = await clients[kind].storage.createBucket('bad/name')
    expect(plain(error)).toEqual({
      status: 400,
      statusCode: '400',
      message: 'Bucket name invalid: bad/name',
    })
  })
})
