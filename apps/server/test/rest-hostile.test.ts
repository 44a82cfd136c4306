// A hostile visitor holding only the public anon key, against a write-only table (drop_box: insert
// grant and policy, nothing else) and the engine's name handling. Whatever the request, no stored
// row may be read, changed or deleted, and names or values shaped like SQL stay names or data.
// The truth is checked in the database through the admin pool after every attempt.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFixture } from './rest-fixture.js'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer
let anon: SupabaseClient
let stored: unknown[]

async function dropBox() {
  return (await server.adminPool.query('select id, note from public.drop_box order by id')).rows
}

beforeAll(async () => {
  server = await startTestServer()
  await createFixture(server.adminPool)
  await server.adminPool.query(
    `insert into public.drop_box (note) values ('secret one'), ('secret two')`,
  )
  stored = await dropBox()
  anon = server.client('anon')
})

afterAll(async () => {
  await server?.close()
})

async function raw(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}/rest/v1${path}`, {
    method,
    headers: { apikey: server.keys.anonKey, 'content-type': 'application/json', ...headers },
    body,
  })
  const text = await res.text()
  return { status: res.status, text }
}

describe('a write-only table, anon key', () => {
  const denied = {
    code: '42501',
    details: null,
    hint: null,
    message: 'permission denied for table drop_box',
  }

  it.each([
    ['select *', () => anon.from('drop_box').select('*')],
    ['select one column', () => anon.from('drop_box').select('note')],
    ['count only (HEAD)', () => anon.from('drop_box').select('*', { count: 'exact', head: true })],
    [
      'a filter that would leak by timing or count',
      () => anon.from('drop_box').select('id').like('note', 'secret*'),
    ],
    ['update', () => anon.from('drop_box').update({ note: 'changed' }).eq('id', 1)],
    ['update everything', () => anon.from('drop_box').update({ note: 'changed' }).neq('id', 0)],
    ['delete', () => anon.from('drop_box').delete().eq('id', 1)],
    ['delete everything', () => anon.from('drop_box').delete().gte('id', 0)],
    ['insert returning rows', () => anon.from('drop_box').insert({ note: 'peek' }).select()],
  ])('%s is refused with 401 42501', async (_n, call) => {
    const res = await call()
    expect(res.status).toBe(401)
    // HEAD answers carry no body, so supabase-js can only report the status.
    expect(res.error).toMatchObject(res.error?.message === '' ? { message: '' } : { code: '42501' })
    expect(res.data).toBeNull()
    expect(await dropBox()).toEqual(stored)
  })

  it('the denial is exactly PostgREST’s: body and WWW-Authenticate', async () => {
    const { error } = await anon.from('drop_box').select()
    expect(error).toEqual(denied)
    const res = await fetch(`${server.url}/rest/v1/drop_box`, {
      headers: { apikey: server.keys.anonKey },
    })
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })

  it('a plain insert works and reveals nothing', async () => {
    const res = await raw('POST', '/drop_box', '{"note":"hello"}')
    expect(res).toEqual({ status: 201, text: '' })
    expect((await dropBox()).slice(0, 2)).toEqual(stored)
    await server.adminPool.query(`delete from public.drop_box where note = 'hello'`)
  })

  it.each([
    ['an insert choosing the id', () => anon.from('drop_box').insert({ id: 99, note: 'x' })],
    [
      'an upsert over an existing id',
      () => anon.from('drop_box').upsert({ id: 1, note: 'mine now' }),
    ],
  ])('%s is refused (identity column: 400 428C9)', async (_n, call) => {
    const res = await call()
    expect(res.status).toBe(400)
    expect(res.error).toMatchObject({ code: '428C9' })
    expect(await dropBox()).toEqual(stored)
  })
})

describe('names and values shaped like SQL', () => {
  it.each<[string, string, string, number, string?]>([
    ['a table name with SQL', 'GET', '/drop_box;drop%20table%20drop_box', 404],
    ['a quoted table name', 'GET', '/%22drop_box%22', 404],
    [
      'a column name with SQL in select',
      'GET',
      '/sightings?select=title,(select%20note%20from%20drop_box)',
      400,
    ],
    [
      'a column name with a quote',
      'GET',
      '/sightings?select=%22title%22%22;%20drop%20table%20drop_box;%20--%22',
      400,
    ],
    ['a filter column with SQL', 'GET', '/sightings?title%3D1%20or%201=1--=eq.x', 400],
    ['an order with SQL', 'GET', '/sightings?order=title;drop%20table%20drop_box', 400],
    ['a cast with SQL', 'GET', '/sightings?select=title::text);drop%20table%20drop_box;--', 400],
    ['an on_conflict with SQL', 'POST', '/sightings?on_conflict=id)%20do%20nothing;--', 400],
    [
      'a body key with SQL',
      'POST',
      '/sightings',
      400,
      '{"title\\") values (1); drop table drop_box; --":"x"}',
    ],
    ['a function name with SQL', 'POST', '/rpc/pg_sleep(10);--', 404],
  ])('%s is refused (%s %s)', async (_n, method, path, status, body) => {
    const res = await raw(method, path, body ?? (method === 'POST' ? '{"title":"x"}' : undefined), {
      prefer: 'resolution=merge-duplicates',
    })
    expect(res.status).toBe(status)
    expect(Object.keys(JSON.parse(res.text)).sort()).toEqual(['code', 'details', 'hint', 'message'])
    expect(await dropBox()).toEqual(stored)
  })

  it.each(["'; drop table drop_box; --", 'a),(b', '") or true; --', '\\x00'])(
    'the value %j is only data, in every filter position',
    async (value) => {
      const q = anon.from('sightings').select('title')
      const results = await Promise.all([
        q.eq('title', value),
        anon.from('sightings').select('title').in('title', [value]),
        anon.from('sightings').select('title').like('title', value),
        anon
          .from('sightings')
          .select('title')
          .or(`title.eq.${JSON.stringify(value)}`),
      ])
      for (const r of results) {
        expect(r.error).toBeNull()
        expect(r.data).toEqual([])
      }
      const inserted = await server
        .client('service')
        .from('sightings')
        .insert({ title: value })
        .select('title')
        .single()
      expect(inserted.data).toEqual({ title: value })
      expect(await dropBox()).toEqual(stored)
    },
  )
})
