// Writes through the real supabase-js: insert (one, many, columns, missing=default, minimal vs
// representation and the RETURNING 1 rule), upsert (merge/ignore, on_conflict), PATCH and DELETE
// with filters (RLS-hidden rows are not errors), rpc (scalar, rows, one composite, void, GET), and
// Prefer: tx=rollback. Every write is checked in the database through the admin pool.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFixture, insertSightings } from './rest-fixture.js'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer
let anon: SupabaseClient
let user: SupabaseClient
let admin: SupabaseClient
let service: SupabaseClient

beforeAll(async () => {
  server = await startTestServer()
  await createFixture(server.adminPool)
  anon = server.client('anon')
  user = server.client('authenticated', { sub: '00000000-0000-4000-8000-0000000000aa' })
  admin = server.client('admin')
  service = server.client('service')
})

afterAll(async () => {
  await server?.close()
})

beforeEach(async () => {
  await server.adminPool.query('truncate public.sightings, public.drop_box restart identity')
})

async function dbRows(
  sql = 'select title, status, date::text, email from public.sightings order by id',
) {
  return (await server.adminPool.query(sql)).rows
}

describe('insert', () => {
  it('one object, no select: 201, empty body, the row is stored', async () => {
    const res = await anon.from('sightings').insert({ title: 'x', date: '2024-01-01' })
    expect(res).toMatchObject({ error: null, data: null, status: 201, statusText: 'Created' })
    expect(await dbRows()).toEqual([
      { title: 'x', status: 'pending', date: '2024-01-01', email: null },
    ])
  })

  it('anon .insert().select() on a row anon may not read fails like hosted (42501, 401)', async () => {
    const { data, error, status } = await anon.from('sightings').insert({ title: 'x' }).select()
    expect(status).toBe(401)
    expect(data).toBeNull()
    expect(error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'new row violates row-level security policy for table "sightings"',
    })
    expect(await dbRows()).toEqual([])
  })

  it('an array is one statement: all rows or none', async () => {
    const bad = await anon.from('sightings').insert([{ title: 'ok' }, { title: '' }])
    expect(bad.status).toBe(400)
    expect(bad.error).toEqual({
      code: '23514',
      details: null,
      hint: null,
      message: 'new row for relation "sightings" violates check constraint "sightings_title_check"',
    })
    expect(await dbRows()).toEqual([])
    const good = await anon.from('sightings').insert([{ title: 'a' }, { title: 'b' }])
    expect(good.status).toBe(201)
    expect((await dbRows()).map((r) => r.title)).toEqual(['a', 'b'])
  })

  it('array keys missing from an object are NULL, not DEFAULT, without missing=default', async () => {
    const { error, status } = await anon
      .from('sightings')
      .insert([{ title: 'a' }, { title: 'b', date: '2024-05-01' }])
    expect(status).toBe(400)
    expect(error).toEqual({
      code: '23502',
      details: null,
      hint: null,
      message: 'null value in column "date" of relation "sightings" violates not-null constraint',
    })
    expect(await dbRows()).toEqual([])
  })

  it('Prefer: missing=default gives absent keys their DEFAULT', async () => {
    const { error } = await service.from('sightings').insert(
      [
        { title: 'a', status: 'approved' },
        { title: 'b', date: '2024-05-01' },
      ],
      { defaultToNull: false },
    )
    expect(error).toBeNull()
    const rows = await dbRows()
    expect(rows.map((r) => [r.title, r.status])).toEqual([
      ['a', 'approved'],
      ['b', 'pending'],
    ])
    expect(rows[1]?.date).toBe('2024-05-01')
  })

  it('the columns param limits what is inserted', async () => {
    const res = await fetch(`${server.url}/rest/v1/sightings?columns=title`, {
      method: 'POST',
      headers: { apikey: server.keys.serviceRoleKey, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'only title', status: 'approved' }),
    })
    expect(res.status).toBe(201)
    expect(await dbRows()).toMatchObject([{ title: 'only title', status: 'pending' }])
  })

  it('return=representation gives an array; .single() an object; ids are JSON numbers', async () => {
    const many = await admin
      .from('sightings')
      .insert([{ title: 'a' }, { title: 'b' }])
      .select('id, title')
    expect(many.status).toBe(201)
    expect(many.data).toEqual([
      { id: 1, title: 'a' },
      { id: 2, title: 'b' },
    ])
    const one = await admin.from('sightings').insert({ title: 'c' }).select('title').single()
    expect(one.data).toEqual({ title: 'c' })
  })

  it('count=exact on insert reports the rows written', async () => {
    const { count, status } = await admin
      .from('sightings')
      .insert([{ title: 'a' }, { title: 'b' }], { count: 'exact' })
    expect(status).toBe(201)
    expect(count).toBe(2)
  })

  it('claims reach the database: created_by defaults to auth.uid()', async () => {
    await user.from('sightings').insert({ title: 'mine' })
    expect(await dbRows('select created_by from public.sightings')).toEqual([
      { created_by: '00000000-0000-4000-8000-0000000000aa' },
    ])
  })
})

describe('max rows', () => {
  it('a GET page holds at most 1000 rows (Supabase max_rows); the count still tells all', async () => {
    await server.adminPool.query(
      `insert into public.sightings (title, status) select 'row ' || n, 'approved' from generate_series(1, 1005) n`,
    )
    const { data, count, status } = await anon.from('sightings').select('id', { count: 'exact' })
    expect(status).toBe(206)
    expect(count).toBe(1005)
    expect(data).toHaveLength(1000)
  })
})

describe('upsert', () => {
  it('merge-duplicates updates the existing row and, inserting none, answers 200 as PostgREST does', async () => {
    await insertSightings(server.adminPool, [{ title: 'old', email: 'a@b.c' }])
    const { data, error, status } = await admin
      .from('sightings')
      .upsert({ id: 1, title: 'new' }, { onConflict: 'id' })
      .select('id, title')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([{ id: 1, title: 'new' }])
    expect(await dbRows()).toMatchObject([{ title: 'new', email: 'a@b.c' }])
  })

  it('an upsert that inserts at least one row answers 201, with or without a body', async () => {
    await insertSightings(server.adminPool, [{ title: 'old' }])
    const both = await admin
      .from('sightings')
      .upsert(
        [
          { id: 1, title: 'merged' },
          { id: 2, title: 'inserted' },
        ],
        { onConflict: 'id' },
      )
      .select('id, title')
    expect(both.status).toBe(201)
    expect(both.data).toEqual([
      { id: 1, title: 'merged' },
      { id: 2, title: 'inserted' },
    ])
    const onlyMerge = await admin.from('sightings').upsert({ id: 2, title: 'again' })
    expect(onlyMerge).toMatchObject({ status: 200, error: null })
    const onlyInsert = await admin.from('sightings').upsert({ id: 3, title: 'third' })
    expect(onlyInsert).toMatchObject({ status: 201, error: null })
  })

  it('on_conflict on another unique column', async () => {
    await insertSightings(server.adminPool, [{ title: 'old', email: 'a@b.c' }])
    const { error } = await admin
      .from('sightings')
      .upsert({ email: 'a@b.c', title: 'by email' }, { onConflict: 'email' })
    expect(error).toBeNull()
    expect(await dbRows()).toMatchObject([{ title: 'by email', email: 'a@b.c' }])
  })

  it('ignore-duplicates keeps the existing row and inserts new ones', async () => {
    await insertSightings(server.adminPool, [{ title: 'old' }])
    const { error } = await admin.from('sightings').upsert(
      [
        { id: 1, title: 'ignored' },
        { id: 5, title: 'added' },
      ],
      { ignoreDuplicates: true },
    )
    expect(error).toBeNull()
    expect((await dbRows()).map((r) => r.title)).toEqual(['old', 'added'])
  })

  it('a duplicate without upsert is 409 23505 (details for the service role)', async () => {
    await insertSightings(server.adminPool, [{ title: 'old', email: 'a@b.c' }])
    // Postgres shows the key only to a role that RLS does not apply to.
    const { error, status } = await service
      .from('sightings')
      .insert({ title: 'dup', email: 'a@b.c' })
    expect(status).toBe(409)
    expect(error).toEqual({
      code: '23505',
      details: 'Key (email)=(a@b.c) already exists.',
      hint: null,
      message: 'duplicate key value violates unique constraint "sightings_email_key"',
    })
  })
})

describe('update and delete', () => {
  beforeEach(async () => {
    await insertSightings(server.adminPool, [
      { title: 'one', status: 'approved' },
      { title: 'two', status: 'pending' },
      { title: 'three', status: 'pending' },
    ])
  })

  it('PATCH with a filter: 204, only matching rows change', async () => {
    const res = await admin.from('sightings').update({ status: 'approved' }).eq('title', 'two')
    expect(res).toMatchObject({ status: 204, data: null, error: null })
    expect((await dbRows()).map((r) => r.status)).toEqual(['approved', 'approved', 'pending'])
  })

  it('PATCH with select returns the changed rows with 200', async () => {
    const { data, status } = await admin
      .from('sightings')
      .update({ status: 'rejected' })
      .in('title', ['two', 'three'])
      .select('title, status')
      .order('title')
    expect(status).toBe(200)
    expect(data).toEqual([
      { title: 'three', status: 'rejected' },
      { title: 'two', status: 'rejected' },
    ])
  })

  it('PATCH .single() touching two rows is 406 and changes nothing', async () => {
    const { error, status } = await admin
      .from('sightings')
      .update({ status: 'rejected' })
      .eq('status', 'pending')
      .select()
      .single()
    expect(status).toBe(406)
    expect(error?.code).toBe('PGRST116')
    expect((await dbRows()).map((r) => r.status)).toEqual(['approved', 'pending', 'pending'])
  })

  it('a non-admin user’s update matches no row: 204 and nothing changes (RLS is not an error)', async () => {
    const res = await user.from('sightings').update({ title: 'hacked' }).eq('title', 'one').select()
    expect(res).toMatchObject({ status: 200, data: [], error: null })
    expect((await dbRows()).map((r) => r.title)).toEqual(['one', 'two', 'three'])
  })

  it('anon has no UPDATE grant: 401 42501', async () => {
    const { error, status } = await anon
      .from('sightings')
      .update({ title: 'hacked' })
      .eq('title', 'one')
    expect(status).toBe(401)
    expect(error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'permission denied for table sightings',
    })
  })

  it('DELETE with filters: 204; with select: the deleted rows', async () => {
    const first = await admin.from('sightings').delete().eq('title', 'one')
    expect(first).toMatchObject({ status: 204, error: null })
    const second = await admin.from('sightings').delete().neq('title', 'two').select('title')
    expect(second).toMatchObject({ status: 200, data: [{ title: 'three' }] })
    expect((await dbRows()).map((r) => r.title)).toEqual(['two'])
  })

  it('Prefer: tx=rollback is ignored by default (PostgREST db-tx-end = commit): the change stays', async () => {
    const res = await fetch(`${server.url}/rest/v1/sightings?title=eq.one&select=title`, {
      method: 'DELETE',
      headers: {
        apikey: server.keys.serviceRoleKey,
        prefer: 'return=representation, tx=rollback',
      },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('preference-applied')).toBe('return=representation')
    expect(await res.json()).toEqual([{ title: 'one' }])
    expect((await dbRows()).map((r) => r.title)).toEqual(['two', 'three'])
  })

  it('count=exact on PATCH sets Content-Range 0-(n-1)/n', async () => {
    const res = await fetch(`${server.url}/rest/v1/sightings?status=eq.pending`, {
      method: 'PATCH',
      headers: {
        apikey: server.keys.serviceRoleKey,
        prefer: 'count=exact',
        'content-type': 'application/json',
      },
      body: '{"status":"rejected"}',
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('content-range')).toBe('0-1/2')
  })
})

describe('rpc', () => {
  beforeEach(async () => {
    await insertSightings(server.adminPool, [
      { title: 'one', status: 'approved' },
      { title: 'two', status: 'pending' },
    ])
  })

  it.each([
    ['a scalar with named args', 'add_numbers', { a: 2, b: 5 }, 7],
    ['a default argument', 'add_numbers', { a: 2 }, 3],
    ['text', 'greet', { name: 'Dez' }, 'hello Dez'],
    ['json built from the claims', 'whoami', {}, { role: 'anon', sub: null, method: 'POST' }],
  ])('%s', async (_n, fn, args, expected) => {
    const { data, error, status } = await anon.rpc(fn, args)
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual(expected)
  })

  it('setof rows run under the caller’s RLS, with filters and order', async () => {
    const anonRows = await anon.rpc('sightings_with_status', { s: 'pending' })
    expect(anonRows.data).toEqual([])
    const adminRows = await admin.rpc('sightings_with_status', { s: 'approved' }).select('title')
    expect(adminRows.data).toEqual([{ title: 'one' }])
    const table = await admin
      .rpc('title_lengths')
      .gte('len', 3)
      .order('title', { ascending: false })
    expect(table.data).toEqual([
      { title: 'two', len: 3 },
      { title: 'one', len: 3 },
    ])
  })

  it('a single composite result is an object', async () => {
    const { data } = await admin.rpc('first_sighting').select('title')
    expect(data).toEqual({ title: 'one' })
  })

  it('void is 204 with no data', async () => {
    const res = await anon.rpc('touch_nothing')
    expect(res).toMatchObject({ status: 204, data: null, error: null })
  })

  it('GET rpc passes query parameters as arguments', async () => {
    const { data, error } = await anon.rpc('add_numbers', { a: 40, b: 2 }, { get: true })
    expect(error).toBeNull()
    expect(data).toBe(42)
  })

  it.each([
    [
      'no EXECUTE grant (anon → 401)',
      'admin_only',
      {},
      401,
      { code: '42501', message: 'permission denied for function admin_only' },
    ],
    ['RAISE with PT418', 'fail_teapot', {}, 418, { code: 'PT418', message: 'short and stout' }],
    [
      'RAISE EXCEPTION',
      'fail_plain',
      {},
      400,
      { code: 'P0001', message: 'plain failure', hint: 'try again' },
    ],
    [
      'bad argument text',
      'add_numbers',
      { a: 'abc' },
      400,
      { code: '22P02', message: 'invalid input syntax for type integer: "abc"' },
    ],
  ])('%s', async (_n, fn, args, status, error) => {
    const res = await anon.rpc(fn, args)
    expect(res.status).toBe(status)
    expect(res.error).toMatchObject(error)
  })

  it('an unknown function or argument set is 404 PGRST202', async () => {
    const { error, status } = await anon.rpc('add_numbers', { z: 1 })
    expect(status).toBe(404)
    expect(error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.add_numbers(z) with parameters z, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add_numbers(a, b)',
      message:
        'Could not find the function public.add_numbers with parameters z in the schema cache',
    })
    const missing = await anon.rpc('pg_sleep', { seconds: 1 })
    expect(missing.status).toBe(404)
    expect(missing.error?.code).toBe('PGRST202')
  })

  it('service role may call what anon may not', async () => {
    const { data } = await service.rpc('admin_only')
    expect(data).toBe(42)
  })
})
