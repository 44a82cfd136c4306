// Reads through the real supabase-js against the running server: select lists, order, paging
// (limit/offset, range, Range header), every filter operator, not./or, counts with
// Content-Range and 206, single/maybeSingle, HEAD, views, and JSON rendered as PostgREST does.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFixture, insertSightings } from './rest-fixture.js'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer
let anon: SupabaseClient
let admin: SupabaseClient
let service: SupabaseClient

beforeAll(async () => {
  server = await startTestServer()
  await createFixture(server.adminPool)
  await insertSightings(server.adminPool, [
    { title: 'Dez at the laundromat', status: 'approved', date: '2024-05-01', rating: 4.5 },
    { title: 'Landlord sighting', status: 'approved', date: '2024-06-12', rating: null },
    { title: 'rent is due', status: 'approved', date: '2024-04-20', rating: 3 },
    { title: 'a b,c&d=é', status: 'approved', date: '2024-07-01', rating: 5 },
    { title: 'Hidden pending', status: 'pending', date: '2024-08-01' },
    { title: 'Rejected one', status: 'rejected', date: '2024-03-01' },
  ])
  await server.adminPool.query(
    `update public.sightings set tags = '{x,y}', meta = '{"a": 1}', "odd col" = 'odd',
       created_at = '2024-05-01T10:34:56.789Z' where title = 'Dez at the laundromat'`,
  )
  anon = server.client('anon')
  admin = server.client('admin')
  service = server.client('service')
})

afterAll(async () => {
  await server?.close()
})

const titles = (data: unknown) => (data as { title: string }[]).map((r) => r.title)

describe('select, order and paging', () => {
  it('renders rows exactly as PostgREST: numbers, dates, arrays, json, timestamptz', async () => {
    const { data, error, status } = await anon
      .from('sightings')
      .select('id, title, date, rating, tags, meta, "odd col", created_at')
      .eq('title', 'Dez at the laundromat')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([
      {
        id: expect.any(Number),
        title: 'Dez at the laundromat',
        date: '2024-05-01',
        rating: 4.5,
        tags: ['x', 'y'],
        meta: { a: 1 },
        'odd col': 'odd',
        created_at: '2024-05-01T10:34:56.789+00:00',
      },
    ])
  })

  it('select=* returns every column; RLS hides pending and rejected rows from anon', async () => {
    const { data, error } = await anon
      .from('sightings')
      .select('*')
      .order('date', { ascending: false })
    expect(error).toBeNull()
    expect(titles(data)).toEqual([
      'a b,c&d=é',
      'Landlord sighting',
      'Dez at the laundromat',
      'rent is due',
    ])
    expect(Object.keys((data as object[])[0] as object).sort()).toEqual([
      'created_at',
      'created_by',
      'date',
      'email',
      'id',
      'meta',
      'odd col',
      'rating',
      'status',
      'tags',
      'title',
    ])
  })

  it('admin sees all rows', async () => {
    const { data } = await admin.from('sightings').select('title').order('date')
    expect(titles(data)).toHaveLength(6)
    expect(titles(data)[0]).toBe('Rejected one')
  })

  it('aliases and casts in the select list', async () => {
    const { data, error } = await anon
      .from('sightings')
      .select('name:title, day:date::text')
      .eq('title', 'rent is due')
    expect(error).toBeNull()
    expect(data).toEqual([{ name: 'rent is due', day: '2024-04-20' }])
  })

  it.each([
    [{ ascending: true, nullsFirst: true }, [null, 3, 4.5, 5]],
    [{ ascending: true, nullsFirst: false }, [3, 4.5, 5, null]],
    [{ ascending: false, nullsFirst: false }, [5, 4.5, 3, null]],
    [{ ascending: false, nullsFirst: true }, [null, 5, 4.5, 3]],
  ])('order by rating %o', async (opts, expected) => {
    const { data } = await anon.from('sightings').select('rating').order('rating', opts)
    expect((data as { rating: number | null }[]).map((r) => r.rating)).toEqual(expected)
  })

  it('orders by several keys', async () => {
    const { data } = await admin
      .from('sightings')
      .select('status, title')
      .order('status', { ascending: false })
      .order('title', { ascending: true })
    expect((data as { status: string }[]).map((r) => r.status)).toEqual([
      'rejected',
      'pending',
      'approved',
      'approved',
      'approved',
      'approved',
    ])
    expect(titles(data).slice(2)).toEqual([
      'Dez at the laundromat',
      'Landlord sighting',
      'a b,c&d=é',
      'rent is due',
    ])
  })

  it('limit, offset and range page the rows', async () => {
    const limited = await anon.from('sightings').select('title').order('date').limit(2)
    expect(titles(limited.data)).toEqual(['rent is due', 'Dez at the laundromat'])
    const ranged = await anon.from('sightings').select('title').order('date').range(1, 2)
    expect(titles(ranged.data)).toEqual(['Dez at the laundromat', 'Landlord sighting'])
    expect(ranged.status).toBe(200)
  })

  it('the Range header pages too', async () => {
    const res = await fetch(`${server.url}/rest/v1/sightings?select=title&order=date`, {
      headers: { apikey: server.keys.anonKey, Range: '2-3', 'Range-Unit': 'items' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-range')).toBe('2-3/*')
    expect(titles(await res.json())).toEqual(['Landlord sighting', 'a b,c&d=é'])
  })
})

describe('counts and Content-Range', () => {
  it.each([
    ['all rows on one page', 0, 9, 200, 4, '0-3/4'],
    ['a partial page', 0, 1, 206, 2, '0-1/4'],
    ['the last page', 2, 9, 206, 2, '2-3/4'],
  ])('%s', async (_name, from, to, status, rows, range) => {
    const {
      data,
      count,
      status: got,
      error,
    } = await anon.from('sightings').select('*', { count: 'exact' }).order('id').range(from, to)
    expect(error).toBeNull()
    expect(got).toBe(status)
    expect(count).toBe(4)
    expect(data).toHaveLength(rows)
    const res = await fetch(
      `${server.url}/rest/v1/sightings?select=id&order=id&offset=${from}&limit=${to - from + 1}`,
      {
        headers: { apikey: server.keys.anonKey, Prefer: 'count=exact' },
      },
    )
    expect(res.headers.get('content-range')).toBe(range)
  })

  it('an empty result is */0 with count, */* without', async () => {
    const withCount = await fetch(`${server.url}/rest/v1/sightings?title=eq.nothing`, {
      headers: { apikey: server.keys.anonKey, Prefer: 'count=exact' },
    })
    expect(withCount.status).toBe(200)
    expect(withCount.headers.get('content-range')).toBe('*/0')
    expect(await withCount.text()).toBe('[]')
    const without = await fetch(`${server.url}/rest/v1/sightings?title=eq.nothing`, {
      headers: { apikey: server.keys.anonKey },
    })
    expect(without.headers.get('content-range')).toBe('*/*')
  })

  it('an offset past the end is 416 PGRST103 with a count', async () => {
    const { error, status } = await anon
      .from('sightings')
      .select('*', { count: 'exact' })
      .range(10, 19)
    expect(status).toBe(416)
    expect(error).toEqual({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 4 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    })
  })

  it('HEAD with count returns the count and no body', async () => {
    const { data, count, status, error } = await anon
      .from('sightings')
      .select('*', { count: 'exact', head: true })
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(count).toBe(4)
    expect(data).toBeNull()
    const res = await fetch(`${server.url}/rest/v1/sightings?select=*`, {
      method: 'HEAD',
      headers: { apikey: server.keys.anonKey, Prefer: 'count=exact' },
    })
    expect(res.headers.get('content-range')).toBe('0-3/4')
    expect(await res.text()).toBe('')
  })
})

describe('filters', () => {
  const base = () => anon.from('sightings').select('title')
  type Query = ReturnType<typeof base>
  const cases: [string, (q: Query) => Query, string[]][] = [
    ['eq', (q) => q.eq('title', 'rent is due'), ['rent is due']],
    [
      'neq',
      (q) => q.neq('title', 'rent is due'),
      ['Dez at the laundromat', 'Landlord sighting', 'a b,c&d=é'],
    ],
    ['gt on a date', (q) => q.gt('date', '2024-05-01'), ['Landlord sighting', 'a b,c&d=é']],
    [
      'gte',
      (q) => q.gte('date', '2024-05-01'),
      ['Dez at the laundromat', 'Landlord sighting', 'a b,c&d=é'],
    ],
    ['lt', (q) => q.lt('rating', 4.5), ['rent is due']],
    ['lte', (q) => q.lte('rating', 4.5), ['Dez at the laundromat', 'rent is due']],
    ['like with *', (q) => q.like('title', '*sighting'), ['Landlord sighting']],
    ['ilike', (q) => q.ilike('title', 'RENT%'), ['rent is due']],
    [
      'in with quoted items',
      (q) => q.in('title', ['rent is due', 'a b,c&d=é', 'x,y']),
      ['rent is due', 'a b,c&d=é'],
    ],
    ['is null', (q) => q.is('rating', null), ['Landlord sighting']],
    [
      'not is null',
      (q) => q.not('rating', 'is', null),
      ['Dez at the laundromat', 'rent is due', 'a b,c&d=é'],
    ],
    [
      'not eq',
      (q) => q.not('title', 'eq', 'rent is due'),
      ['Dez at the laundromat', 'Landlord sighting', 'a b,c&d=é'],
    ],
    [
      'not in',
      (q) => q.not('title', 'in', '("rent is due","Landlord sighting")'),
      ['Dez at the laundromat', 'a b,c&d=é'],
    ],
    ['a value with URL-special characters', (q) => q.eq('title', 'a b,c&d=é'), ['a b,c&d=é']],
    ['or', (q) => q.or('rating.gte.5,title.eq.rent is due'), ['rent is due', 'a b,c&d=é']],
    [
      'or with nested and',
      (q) => q.or('and(rating.gt.4,rating.lt.5),rating.is.null'),
      ['Dez at the laundromat', 'Landlord sighting'],
    ],
    [
      'or with a quoted value',
      (q) => q.or('title.eq."a b,c&d=é",title.like.Dez*'),
      ['Dez at the laundromat', 'a b,c&d=é'],
    ],
    [
      'two filters on one column (AND)',
      (q) => q.gte('date', '2024-05-01').lte('date', '2024-06-30'),
      ['Dez at the laundromat', 'Landlord sighting'],
    ],
    [
      'match({…}): several eq',
      (q) => q.match({ title: 'rent is due', status: 'approved' }),
      ['rent is due'],
    ],
    ['match: POSIX regex', (q) => q.filter('title', 'match', '^[Rr]ent'), ['rent is due']],
    [
      'imatch: case-insensitive regex',
      (q) => q.filter('title', 'imatch', '^LAND'),
      ['Landlord sighting'],
    ],
    [
      'isdistinct (NULL counts as distinct)',
      (q) => q.filter('rating', 'isdistinct', '5'),
      ['Dez at the laundromat', 'Landlord sighting', 'rent is due'],
    ],
  ]
  it.each(cases)('%s', async (_name, apply, expected) => {
    const { data, error } = await apply(base()).order('id')
    expect(error).toBeNull()
    expect(titles(data)).toEqual(expected)
  })

  it('a filter value that looks like SQL is only data', async () => {
    for (const value of ["'; drop table sightings; --", 'a),(b', '" or 1=1 --', "x' or '1'='1"]) {
      const { data, error } = await anon.from('sightings').select('title').eq('title', value)
      expect(error).toBeNull()
      expect(data).toEqual([])
      const inList = await anon
        .from('sightings')
        .select('title')
        .in('title', [value, 'rent is due'])
      expect(titles(inList.data)).toEqual(['rent is due'])
    }
    const { rows } = await server.adminPool.query('select count(*)::int as n from public.sightings')
    expect(rows[0].n).toBe(6)
  })
})

describe('single objects', () => {
  it('.single() returns the object itself', async () => {
    const { data, error, status } = await anon
      .from('sightings')
      .select('title, date')
      .eq('title', 'rent is due')
      .single()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual({ title: 'rent is due', date: '2024-04-20' })
  })

  it.each([
    ['no row', 'nothing', '0'],
    ['several rows', null, '4'],
  ])('.single() with %s is 406 PGRST116', async (_n, title, rows) => {
    let q = anon.from('sightings').select('title')
    if (title) q = q.eq('title', title)
    const { data, error, status } = await q.single()
    expect(status).toBe(406)
    expect(data).toBeNull()
    expect(error).toEqual({
      code: 'PGRST116',
      details: `The result contains ${rows} rows`,
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
  })

  it('.maybeSingle() gives the row or null', async () => {
    const one = await anon
      .from('sightings')
      .select('title')
      .eq('title', 'rent is due')
      .maybeSingle()
    expect(one.data).toEqual({ title: 'rent is due' })
    const none = await anon.from('sightings').select('title').eq('title', 'nothing').maybeSingle()
    expect(none).toMatchObject({ data: null, error: null, status: 200 })
  })

  it('the object media type comes back as Content-Type', async () => {
    const res = await fetch(
      `${server.url}/rest/v1/sightings?select=title&title=eq.rent%20is%20due`,
      {
        headers: { apikey: server.keys.anonKey, Accept: 'application/vnd.pgrst.object+json' },
      },
    )
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8')
    expect(await res.text()).toBe('{"title":"rent is due"}')
  })
})

describe('views', () => {
  it('a security-invoker view reads through the caller’s RLS', async () => {
    const { data, error } = await anon
      .from('approved_titles')
      .select('title')
      .order('date')
      .limit(2)
    expect(error).toBeNull()
    expect(titles(data)).toEqual(['rent is due', 'Dez at the laundromat'])
    const all = await service.from('approved_titles').select('*', { count: 'exact', head: true })
    expect(all.count).toBe(4)
  })
})
