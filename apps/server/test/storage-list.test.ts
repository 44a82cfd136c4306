// list() through the real supabase-js (docs/api-coverage.md#storage-storagev1): one level with
// folder pseudo-entries, names relative to the prefix, the default page of 100 and paging past it,
// sort columns and orders, case-insensitive prefix search, and RLS deciding who sees what (public
// buckets for everyone, a private bucket for admins only).
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer
let anon: SupabaseClient
let user: SupabaseClient
let admin: SupabaseClient

const BUCKET = 'soundtrack 4th'
const TRACKS = Array.from({ length: 250 }, (_, i) => `Track ${String(i).padStart(3, '0')}.wav`)

beforeAll(async () => {
  server = await startTestServer()
  anon = server.client('anon')
  user = server.client('authenticated')
  admin = server.client('admin')
  // Rows only: listing reads metadata, never bytes. created_at runs backwards so that sorting by
  // it differs from sorting by name.
  await server.adminPool.query(
    `insert into storage.objects (bucket_id, name, created_at, updated_at, metadata)
     select $1, n, timestamptz '2024-01-01' - i * interval '1 minute',
            timestamptz '2024-01-01' - i * interval '1 minute',
            jsonb_build_object('size', 4, 'mimetype', 'audio/wav')
     from unnest($2::text[]) with ordinality as t(n, i)`,
    [
      BUCKET,
      [...TRACKS, 'covers/a.png', 'covers/B.png', 'covers/deep/c.png', 'alpha.wav', 'Zulu.wav'],
    ],
  )
  await server.adminPool.query(
    `insert into storage.buckets (id, name, public) values ('private stuff', 'private stuff', false);
     insert into storage.objects (bucket_id, name) values ('private stuff', 'secret.txt')`,
  )
})

afterAll(async () => {
  await server?.close()
})

async function listAll(client: SupabaseClient, prefix = '') {
  const names: string[] = []
  for (let offset = 0; ; offset += 100) {
    const { data, error } = await client.storage.from(BUCKET).list(prefix, { offset })
    expect(error).toBeNull()
    names.push(...data!.map((f) => f.name))
    if (data!.length < 100) return names
  }
}

describe('list', () => {
  it('returns the default page of 100, sorted by name case-insensitively', async () => {
    const { data, error } = await anon.storage.from(BUCKET).list()
    expect(error).toBeNull()
    expect(data).toHaveLength(100)
    expect(data!.slice(0, 3).map((f) => f.name)).toEqual(['alpha.wav', 'covers', TRACKS[0]])
  })

  it('pages past 100 with offset and shows each sub-folder once', async () => {
    const names = await listAll(anon)
    expect(names).toHaveLength(253)
    expect(names).toEqual(['alpha.wav', 'covers', ...TRACKS, 'Zulu.wav'])
  })

  it('gives files their metadata and folders nulls', async () => {
    const { data } = await anon.storage.from(BUCKET).list('', { limit: 2 })
    expect(data).toEqual([
      {
        name: 'alpha.wav',
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        created_at: expect.stringMatching(/Z$/),
        last_accessed_at: expect.stringMatching(/Z$/),
        metadata: { size: 4, mimetype: 'audio/wav' },
      },
      {
        name: 'covers',
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      },
    ])
  })

  it('lists one level below a prefix, names relative to it, with or without a slash', async () => {
    for (const prefix of ['covers', 'covers/']) {
      const { data } = await anon.storage.from(BUCKET).list(prefix)
      expect(data!.map((f) => [f.name, f.id === null])).toEqual([
        ['a.png', false],
        ['B.png', false],
        ['deep', true],
      ])
    }
    const { data } = await anon.storage.from(BUCKET).list('nothing/here')
    expect(data).toEqual([])
  })

  it('sorts by created_at and by name descending', async () => {
    const byDate = await anon.storage
      .from(BUCKET)
      .list('', { limit: 3, sortBy: { column: 'created_at', order: 'desc' } })
    // The earliest inserted rows have the latest created_at.
    expect(byDate.data!.map((f) => f.name)).toEqual(TRACKS.slice(0, 3))
    const desc = await anon.storage
      .from(BUCKET)
      .list('', { limit: 2, sortBy: { column: 'name', order: 'desc' } })
    expect(desc.data!.map((f) => f.name)).toEqual(['Zulu.wav', TRACKS[249]])
  })

  it('searches by case-insensitive name prefix, with LIKE wildcards taken literally', async () => {
    const { data } = await anon.storage.from(BUCKET).list('', { search: 'track 24' })
    expect(data!.map((f) => f.name)).toEqual(TRACKS.slice(240, 250))
    const upper = await anon.storage.from(BUCKET).list('covers', { search: 'B' })
    expect(upper.data!.map((f) => f.name)).toEqual(['B.png'])
    const wild = await anon.storage.from(BUCKET).list('', { search: '%' })
    expect(wild.data).toEqual([])
  })

  it('shows a private bucket to admins only', async () => {
    for (const c of [anon, user]) {
      const { data, error } = await c.storage.from('private stuff').list()
      expect(error).toBeNull()
      expect(data).toEqual([])
    }
    const { data } = await admin.storage.from('private stuff').list()
    expect(data!.map((f) => f.name)).toEqual(['secret.txt'])
  })

  it('refuses a bad limit with Storage’s error shape', async () => {
    const res = await fetch(`${server.url}/storage/v1/object/list/${encodeURIComponent(BUCKET)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '', limit: 0 }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'Invalid Input',
      message: 'limit must be >= 1',
    })
  })
})
