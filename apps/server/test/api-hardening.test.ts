// One named test per class of fault the hostile review found (docs/security.md), each as an
// attacker holding only the public anon key would try it, through the real server and database.
// The wider, generated attack is rest-fuzz.test.ts.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFixture, insertSightings } from './rest-fixture.js'
import { startTestServer, type TestServer } from './support/test-server.js'

interface Answer {
  status: number
  headers: Headers
  text: string
  json: unknown
}

async function call(
  server: TestServer,
  method: string,
  path: string,
  opts: { body?: string; headers?: Record<string, string>; key?: string } = {},
): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      apikey: opts.key ?? server.keys.anonKey,
      'content-type': 'application/json',
      ...opts.headers,
    },
    body: opts.body,
  })
  const text = await res.text()
  let json: unknown = undefined
  try {
    json = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, text, json }
}

const rest = (server: TestServer, method: string, path: string, opts = {}) =>
  call(server, method, `/rest/v1${path}`, opts)

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ seed: true })
  await createFixture(server.adminPool)
  await server.adminPool.query(`
    create function public.slow(seconds double precision) returns integer
      language sql volatile as $$ select 1 from pg_sleep(seconds) $$;
    grant execute on function public.slow(double precision) to anon, authenticated, service_role;
    create table public.typed_samples (
      id bigint generated always as identity primary key,
      during int4range,
      tags text[],
      doc tsvector,
      body text,
      meta json
    );
    grant select on public.typed_samples to anon;
    insert into public.typed_samples (during, tags, doc, body, meta) values
      ('[1,5)', '{cats,dogs}', to_tsvector('english', 'the quick brown foxes'), 'Rent is due', '{"a":1}'),
      ('[10,20)', '{birds}', to_tsvector('english', 'lazy dogs sleeping'), 'Bertha knocks', '{"a":2}');
  `)
  await insertSightings(server.adminPool, [
    { title: 'rent is due', status: 'approved' },
    { title: 'bertha knocks', status: 'approved' },
  ])
})

afterAll(async () => {
  await server?.close()
})

describe('class 1: no request text becomes SQL', () => {
  it.each([
    ['title::text;select 1--', 'invalid cast'],
    ['title::text;select pg_sleep(5)--', 'embedded resources'],
    ['title::text)from pg_authid--', 'embedded resources'],
    ['title::pg_catalog.text', 'invalid cast'],
  ])('a cast with SQL after it (%s) is a 400 PGRST100 before any SQL', async (select, words) => {
    const res = await rest(server, 'GET', `/sightings?select=${encodeURIComponent(select)}`)
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({ code: 'PGRST100' })
    expect(JSON.stringify(res.json)).toContain(words)
  })

  it.each(['regclass', 'regproc', 'oid', 'pg_node_tree', 'no_such_type'])(
    'a cast to a type a request may not use (%s) is 42704 from the catalog lookup',
    async (type) => {
      const res = await rest(server, 'GET', `/sightings?select=title::${type}`)
      expect(res.status).toBe(400)
      expect(res.json).toEqual({
        code: '42704',
        details: null,
        hint: 'Cast to a built-in type such as text, integer, numeric, date or jsonb.',
        message: `type "${type}" does not exist`,
      })
    },
  )

  it('casts resolve to the catalog’s types, whatever the spelling', async () => {
    const res = await rest(
      server,
      'GET',
      `/sightings?select=${encodeURIComponent('t:title::TEXT,id::Integer,d:date::character varying,n:id::double precision')}&order=id&limit=1`,
    )
    expect(res.status).toBe(200)
    const [row] = res.json as Record<string, unknown>[]
    expect(Object.keys(row as object)).toEqual(['t', 'id', 'd', 'n'])
    expect(typeof row?.id).toBe('number')
    expect(typeof row?.d).toBe('string')
  })

  it('an alias is data: quotes, SQL and unicode come back as the JSON key, exactly', async () => {
    const alias = 'a"b\'c); drop table drop_box; -- ✓'
    const select = `"${alias.replace(/"/g, '\\"')}":title`
    const res = await rest(
      server,
      'GET',
      `/sightings?select=${encodeURIComponent(select)}&order=id&limit=1`,
    )
    expect(res.status).toBe(200)
    expect(res.json).toEqual([{ [alias]: 'rent is due' }])
  })

  it('a cast in an rpc result select is looked up the same way', async () => {
    const bad = await rest(
      server,
      'POST',
      `/rpc/title_lengths?select=${encodeURIComponent('len::int;select 1')}`,
      { body: '{}' },
    )
    expect(bad.status).toBe(400)
    expect(bad.json).toMatchObject({ code: 'PGRST100' })
    const good = await rest(
      server,
      'POST',
      '/rpc/title_lengths?select=len::text&order=len&limit=1',
      { body: '{}' },
    )
    expect(good.status).toBe(200)
    expect(good.json).toEqual([{ len: '11' }])
  })
})

describe('class 2: parsing is bounded and linear', () => {
  const nested = (depth: number) => `${'and('.repeat(depth - 1)}title.eq.x${')'.repeat(depth - 1)}`

  it('a logic tree 8 deep is served; 9 deep is 400 with the limit named', async () => {
    const ok = await rest(server, 'GET', `/sightings?or=(${encodeURIComponent(nested(7))})`)
    expect(ok.status).toBe(200)
    const deep = await rest(server, 'GET', `/sightings?or=(${encodeURIComponent(nested(9))})`)
    expect(deep.status).toBe(400)
    expect(deep.json).toEqual({
      code: 'PGRST100',
      details: 'At most 8 nested and/or groups are allowed.',
      hint: null,
      message: 'Logic tree nesting is too deep',
    })
  })

  it('2,000 levels of and( is a 400, not a stack overflow or a 500', async () => {
    const res = await rest(server, 'GET', `/sightings?or=(${nested(2000)})`)
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({ code: 'PGRST100', message: 'Logic tree nesting is too deep' })
  })

  it.each([
    [
      'more than 100 conditions',
      `/sightings?or=(${Array.from({ length: 101 }, (_, i) => `title.eq.${i}`).join(',')})`,
      'Too many filters',
    ],
    [
      'an in list of 1,001 values',
      `/sightings?title=in.(${Array.from({ length: 1001 }, (_, i) => i).join(',')})`,
      'Too many values in an in list',
    ],
    [
      '51 select items',
      `/sightings?select=${Array.from({ length: 51 }, () => 'title').join(',')}`,
      'Too many select items',
    ],
    [
      '21 order terms',
      `/sightings?order=${Array.from({ length: 21 }, () => 'title').join(',')}`,
      'Too many order terms',
    ],
  ])('%s is 400 PGRST100', async (_name, path, message) => {
    const res = await rest(server, 'GET', path)
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({ code: 'PGRST100', message })
  })

  it('knows the whole PostgREST 12 filter grammar and answers each exactly', async () => {
    const ids = async (query: string) => {
      const res = await rest(server, 'GET', `/typed_samples?select=id&order=id&${query}`)
      expect(res.status, `${query}: ${res.text}`).toBe(200)
      return (res.json as { id: number }[]).map((r) => r.id)
    }
    expect(await ids('tags=cs.{cats}')).toEqual([1])
    expect(await ids('tags=cd.{birds,bats}')).toEqual([2])
    expect(await ids('tags=ov.{dogs,birds}')).toEqual([1, 2])
    expect(await ids('tags=not.cs.{cats}')).toEqual([2])
    expect(await ids('during=sl.[6,8)')).toEqual([1])
    expect(await ids('during=sr.[6,8)')).toEqual([2])
    expect(await ids('during=nxr.[0,5)')).toEqual([1])
    expect(await ids('during=nxl.[10,30)')).toEqual([2])
    expect(await ids('during=adj.[5,10)')).toEqual([1, 2])
    expect(await ids('doc=fts.fox')).toEqual([1])
    expect(await ids('doc=fts(english).sleep')).toEqual([2])
    expect(await ids('doc=plfts(english).lazy dogs')).toEqual([2])
    expect(await ids(`doc=phfts.${encodeURIComponent('quick brown')}`)).toEqual([1])
    expect(await ids(`doc=wfts(english).${encodeURIComponent('dog -fox')}`)).toEqual([2])
    expect(await ids(`body=like(any).${encodeURIComponent('{Rent*,Nobody*}')}`)).toEqual([1])
    expect(await ids(`body=ilike(all).${encodeURIComponent('{*e*,*k*}')}`)).toEqual([2])
    expect(await ids('id=eq(any).{2,3}')).toEqual([2])
    expect(await ids('id=gt(all).{0,1}')).toEqual([2])
    expect(await ids('body=isdistinct.Rent is due')).toEqual([2])
    expect(await ids('body=not.imatch.^bertha')).toEqual([1])
    expect(
      await ids(`or=(${encodeURIComponent('tags.cs.{birds},body.like(any).{Rent*}')})`),
    ).toEqual([1, 2])
    expect(await ids('id=not.in.(1)')).toEqual([2])
  })

  it.each([
    ['like on an integer column', '/typed_samples?id=like.1*', 'like needs a text column'],
    [
      'eq on a json column',
      '/typed_samples?meta=eq.{}',
      'eq needs a column whose type has equality',
    ],
    ['a range operator on an array', '/typed_samples?tags=sl.{a}', 'sl needs a range column'],
    ['fts on a range', '/typed_samples?during=fts.x', 'fts needs a tsvector or text column'],
    ['is.true on text', '/typed_samples?body=is.true', 'is needs a boolean column'],
    ['order by a json column', '/typed_samples?order=meta', 'cannot be ordered'],
    ['a quantifier on neq', '/typed_samples?id=neq(any).{1}', 'takes no modifier'],
  ])('%s is a 400 before any SQL (never 42883)', async (_name, path, words) => {
    const res = await rest(server, 'GET', path)
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({ code: 'PGRST100' })
    expect(JSON.stringify(res.json)).toContain(words)
  })
})

describe('class 3: one visitor holds no more than a fair share of the database', () => {
  let small: TestServer
  let adminToken: string

  beforeAll(async () => {
    // 8 connections: 6 for REST, 2 reserved for auth, storage, /healthz and pages.
    small = await startTestServer({
      poolMax: 8,
      env: {
        trustProxy: true,
        fairness: { perClient: 2, queuePerClient: 1, acquireTimeoutMs: 2000 },
      },
    })
    await createFixture(small.adminPool)
    await small.adminPool.query(`
      create function public.slow(seconds double precision) returns integer
        language sql volatile as $$ select 1 from pg_sleep(seconds) $$;
      grant execute on function public.slow(double precision) to anon, authenticated;`)
    adminToken = await small.tokenFor({ app_metadata: { role: 'admin' } })
  })

  afterAll(async () => {
    await small?.close()
  })

  /** An admin's statement timeout is 8 s, an anonymous visitor's 3 s. */
  const slow = (ip: string, seconds: number, asAdmin = false) =>
    rest(small, 'POST', '/rpc/slow', {
      body: JSON.stringify({ seconds }),
      headers: {
        'x-forwarded-for': ip,
        ...(asAdmin ? { authorization: `Bearer ${adminToken}` } : {}),
      },
    })

  /** Resolves once the database shows `n` sleeping statements. */
  async function sleepers(n: number): Promise<void> {
    for (;;) {
      const { rows } = await small.adminPool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and query like '%pgrst_args%' and wait_event = 'PgSleep'`,
      )
      if ((rows[0]?.n ?? 0) >= n) return
      await new Promise((r) => setImmediate(r))
    }
  }

  it('one address gets 2 connections and 1 waiting place; the rest is 429 with Retry-After', async () => {
    const calls = Array.from({ length: 5 }, () => slow('198.51.100.7', 1))
    const answers = await Promise.all(calls)
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    const refused = answers.find((a) => a.status === 429) as Answer
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(refused.json).toEqual({
      code: 'PT429',
      details: 'At most 2 requests from one address are served at a time.',
      hint: 'Try again in 1 seconds.',
      message: 'Too many requests',
    })
  })

  it('while one address holds its share, other visitors, auth, storage and /healthz answer', async () => {
    const held = [slow('198.51.100.8', 2), slow('198.51.100.8', 2)]
    await sleepers(2)
    const other = await rest(small, 'GET', '/sightings?select=id', {
      headers: { 'x-forwarded-for': '198.51.100.9' },
    })
    expect(other.status).toBe(200)
    expect((await call(small, 'GET', '/auth/v1/settings')).status).toBe(200)
    expect(
      (await call(small, 'GET', '/storage/v1/bucket', { key: small.keys.anonKey })).status,
    ).toBe(200)
    expect((await call(small, 'GET', '/healthz')).status).toBe(200)
    expect((await Promise.all(held)).map((a) => a.status)).toEqual([200, 200])
  })

  it('when every REST connection is taken, waiting ends in 503 with Retry-After, never 500', async () => {
    // Three addresses take all 6 REST connections for 5 s; a fourth waits 2 s and gives up.
    const held = ['203.0.113.1', '203.0.113.2', '203.0.113.3'].flatMap((ip) => [
      slow(ip, 5, true),
      slow(ip, 5, true),
    ])
    await sleepers(6)
    const late = await rest(small, 'GET', '/sightings?select=id', {
      headers: { 'x-forwarded-for': '203.0.113.4' },
    })
    expect(late.status).toBe(503)
    expect(late.headers.get('retry-after')).toBe('1')
    expect(late.json).toMatchObject({ code: 'PGRST003' })
    // Auth and /healthz still have their reserved connections.
    expect((await call(small, 'GET', '/healthz')).status).toBe(200)
    expect((await Promise.all(held)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
  })
})

describe('class 4: limits count what they protect', () => {
  let limited: TestServer

  beforeAll(async () => {
    limited = await startTestServer({ seed: true, env: { rateLimitPerMinute: 3 } })
  })

  afterAll(async () => {
    await limited?.close()
  })

  const fans = (n: number, tag: string) =>
    Array.from({ length: n }, (_, i) => ({ name: `Fan ${i}`, email: `${tag}-${i}@example.com` }))

  it('one array insert counts every row: 4 rows over a limit of 3 are refused and none stored', async () => {
    const anon = limited.client('anon')
    const many = await anon
      .from('audience_signups')
      .insert(fans(4, 'arr').map((f) => ({ ...f, username: f.name })))
    expect(many.status).toBe(429)
    expect(many.error).toMatchObject({
      code: 'PT429',
      details: 'At most 3 rows per minute into audience_signups from one address.',
    })
    const three = await anon
      .from('audience_signups')
      .insert(fans(3, 'ok').map((f) => ({ ...f, username: f.name })))
    expect(three.status).toBe(201)
    const one = await anon.from('audience_signups').insert({ ...fans(1, 'late')[0], username: 'x' })
    expect(one.status).toBe(429)
    const { rows } = await limited.adminPool.query(
      'select count(*)::int as n from audience_signups',
    )
    expect(rows[0].n).toBe(3)
  })

  it('start_quiz: 10 runs per address in 10 minutes, then 429 with Retry-After', async () => {
    const anon = limited.client('anon')
    for (let i = 0; i < 10; i++) {
      const { error } = await anon.rpc('start_quiz', {
        p_name: 'Fan',
        p_email: `q${i}@example.com`,
      })
      expect(error).toBeNull()
    }
    const res = await rest(limited, 'POST', '/rpc/start_quiz', {
      body: JSON.stringify({ p_name: 'Fan', p_email: 'q11@example.com' }),
    })
    expect(res.status).toBe(429)
    const wait = Number(res.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(600)
    expect(res.json).toEqual({
      code: 'PT429',
      details: 'At most 10 quiz runs per 10 minutes from one address.',
      hint: `Try again in ${wait} seconds.`,
      message: 'Too many requests',
    })
    const { rows } = await limited.adminPool.query('select count(*)::int as n from quiz_runs')
    expect(rows[0].n).toBe(10)
  })

  it('the giveaway takes at most 3 candidates per address and shows admins how many share it', async () => {
    const farm = crypto.randomBytes(8).toString('hex')
    await limited.adminPool.query(
      `insert into public.quiz_entries (name, email, score, ip_hash)
       select 'Farm ' || n, 'farm' || n || '@example.com', 10, $1 from generate_series(1, 5) n`,
      [farm],
    )
    await limited.adminPool.query(
      `insert into public.quiz_entries (name, email, score, ip_hash) values ('Solo', 'solo@example.com', 10, 'other')`,
    )
    const admin = limited.client('admin')
    const { data, error } = await admin
      .from('giveaway_candidates')
      .select('name, shared_ip, ip_group')
      .order('created_at')
    expect(error).toBeNull()
    const rows = data as { name: string; shared_ip: number; ip_group: string }[]
    expect(rows.map((r) => r.name)).toEqual(['Farm 1', 'Farm 2', 'Farm 3', 'Solo'])
    expect(rows.map((r) => r.shared_ip)).toEqual([5, 5, 5, 1])
    expect(new Set(rows.slice(0, 3).map((r) => r.ip_group)).size).toBe(1)
    expect(rows[0]?.ip_group).toMatch(/^[0-9a-f]{8}$/)
    expect(JSON.stringify(data)).not.toContain(farm)
  })

  it('a draw is recorded for good: Prefer tx=rollback is ignored and nobody may change or delete it', async () => {
    await limited.adminPool.query(
      `insert into public.quiz_entries (name, email, score) values ('Winner', 'w@example.com', 10)`,
    )
    const token = await limited.tokenFor({ app_metadata: { role: 'admin' } })
    const res = await rest(limited, 'POST', '/rpc/draw_giveaway', {
      body: '{}',
      headers: { authorization: `Bearer ${token}`, prefer: 'tx=rollback' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('preference-applied')).toBeNull()
    const { rows } = await limited.adminPool.query('select count(*)::int as n from giveaway_draws')
    expect(rows[0].n).toBe(1)
    const service = limited.client('service')
    const change = await service.from('giveaway_draws').update({ winner_name: 'Me' }).gt('id', 0)
    expect(change.error?.code).toBe('42501')
    const remove = await service.from('giveaway_draws').delete().gt('id', 0)
    expect(remove.error?.code).toBe('42501')
    await expect(limited.adminPool.query('delete from public.giveaway_draws')).rejects.toThrow(
      'giveaway draws are a permanent record',
    )
  })
})

describe('class 4b: an operator may allow Prefer tx=rollback (db-tx-end)', () => {
  let lenient: TestServer

  beforeAll(async () => {
    lenient = await startTestServer({ env: { txEnd: 'commit-allow-override' } })
    await createFixture(lenient.adminPool)
  })

  afterAll(async () => {
    await lenient?.close()
  })

  it('with commit-allow-override the write is answered, undone, and the preference applied', async () => {
    const res = await rest(lenient, 'POST', '/sightings?select=title', {
      key: lenient.keys.serviceRoleKey,
      body: '{"title":"kept?"}',
      headers: { prefer: 'return=representation, tx=rollback' },
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('preference-applied')).toBe('return=representation, tx=rollback')
    const { rows } = await lenient.adminPool.query('select count(*)::int as n from sightings')
    expect(rows[0].n).toBe(0)
  })
})

describe('class 5: what a client sends never causes a 500', () => {
  const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`
  const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`

  it.each([
    ['a REST insert', 'POST', '/rest/v1/sightings', `{"title":"x","meta":${deepObject(100000)}}`],
    ['a REST array', 'POST', '/rest/v1/sightings', deep(100000)],
    ['an rpc', 'POST', '/rest/v1/rpc/greet', `{"name":${deep(100000)}}`],
    [
      'a storage list',
      'POST',
      '/storage/v1/object/list/soundtrack%201st',
      `{"prefix":${deep(100000)}}`,
    ],
    [
      'an auth sign-up',
      'POST',
      '/auth/v1/signup',
      `{"email":"a@b.co","password":"x","data":${deepObject(5000)}}`,
    ],
  ])('a deeply nested JSON body to %s is a 4xx', async (_name, method, path, body) => {
    const res = await call(server, method, path, { body })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
  })

  it.each([
    [{ offset: 1e30 }, 'offset must be at most 1000000000'],
    [{ offset: 2 ** 53 }, 'offset must be at most 1000000000'],
    [{ offset: -1 }, 'offset must be >= 0'],
    [{ limit: 'lots' }, 'limit must be >= 1'],
  ])('a storage list with %j is 400 with a clear message', async (body, message) => {
    const res = await call(server, 'POST', '/storage/v1/object/list/soundtrack%201st', {
      body: JSON.stringify({ prefix: '', ...body }),
    })
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({ statusCode: '400', message })
  })

  it('an offset past bigint in REST is 400, not a database error', async () => {
    const res = await rest(server, 'GET', '/sightings?offset=99999999999999999999')
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({ code: 'PGRST100' })
  })
})

describe('class 6: PostgREST statuses', () => {
  it('count=exact on a scalar rpc gives its count', async () => {
    const res = await rest(server, 'POST', '/rpc/add_numbers', {
      body: '{"a":1,"b":2}',
      headers: { prefer: 'count=exact' },
    })
    expect(res.status).toBe(200)
    expect(res.text).toBe('3')
    expect(res.headers.get('content-range')).toBe('0-0/1')
    const plain = await rest(server, 'POST', '/rpc/add_numbers', { body: '{"a":1,"b":2}' })
    expect(plain.headers.get('content-range')).toBe('0-0/*')
  })
})

describe('class 7: stored media is served as what it was checked to be', () => {
  const bucket = 'Rent Due Game Images'
  let admin: string

  beforeAll(async () => {
    admin = await server.tokenFor({ app_metadata: { role: 'admin' } })
    await server.adminPool.query(
      `insert into storage.buckets (id, name, public) values ('open drawer', 'open drawer', true)
       on conflict do nothing`,
    )
  })

  const upload = (to: string, name: string, type: string, body = '<script>alert(1)</script>') =>
    call(server, 'POST', `/storage/v1/object/${encodeURIComponent(to)}/${name}`, {
      body,
      headers: { authorization: `Bearer ${admin}`, 'content-type': type, 'x-upsert': 'true' },
    })
  const served = async (from: string, name: string) => {
    const res = await fetch(
      `${server.url}/storage/v1/object/public/${encodeURIComponent(from)}/${name}`,
    )
    await res.arrayBuffer()
    return {
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      csp: res.headers.get('content-security-policy'),
    }
  }

  it('a Content-Type listing a second type after the image one is refused by an image-only bucket', async () => {
    const res = await upload(bucket, 'spoof.png', 'image/png; charset=utf-8, text/html')
    expect(res.status).toBe(400)
    expect(res.json).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type image/png; charset=utf-8, text/html is not supported',
    })
    const { rowCount } = await server.adminPool.query(
      `select from storage.objects where bucket_id = $1 and name = 'spoof.png'`,
      [bucket],
    )
    expect(rowCount).toBe(0)
  })

  it.each([
    ['image/png; charset=UTF-8', 'image/png; charset=utf-8'],
    ['IMAGE/PNG', 'image/png'],
    ['image/png; charset=utf-7', undefined],
    ['image/png; charset="utf-8"; x=1', 'image/png; charset=utf-8'],
    ['image/png;;', undefined],
  ])('%s is stored as %s (or refused)', async (type, stored) => {
    const res = await upload(bucket, 'typed.png', type, 'PNG')
    if (stored === undefined) {
      expect(res.status).toBe(400)
      expect(res.json).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' })
      return
    }
    expect(res.status).toBe(200)
    expect(await served(bucket, 'typed.png')).toEqual({
      type: stored,
      disposition: null,
      csp: 'sandbox',
    })
  })

  it('HTML, JavaScript and SVG are served as attachments under a CSP that allows nothing', async () => {
    const cases = [
      ['open drawer', 'page.html', 'text/html'],
      ['open drawer', 'code.js', 'text/javascript'],
      [bucket, 'art.svg', 'image/svg+xml'],
    ] as const
    for (const [to, name, type] of cases) {
      expect((await upload(to, name, type)).status).toBe(200)
      expect(await served(to, name)).toEqual({
        type,
        disposition: 'attachment',
        csp: "default-src 'none'; sandbox",
      })
    }
    // The media the site plays stays inline; codecs parameters are dropped.
    expect((await upload('open drawer', 'voice.webm', 'audio/webm;codecs=opus', 'x')).status).toBe(
      200,
    )
    expect(await served('open drawer', 'voice.webm')).toEqual({
      type: 'audio/webm',
      disposition: null,
      csp: 'sandbox',
    })
  })

  it('a type recorded before the rule is checked again on the way out', async () => {
    expect((await upload('open drawer', 'old.png', 'image/png', 'PNG')).status).toBe(200)
    await server.adminPool.query(
      `update storage.objects set metadata = metadata || '{"mimetype": "image/png, text/html"}'
        where bucket_id = 'open drawer' and name = 'old.png'`,
    )
    // The public object cache of this process holds the row for at most 2 s; a fresh name.
    await server.adminPool.query(
      `update storage.objects set name = 'old2.png' where bucket_id = 'open drawer' and name = 'old.png'`,
    )
    expect(await served('open drawer', 'old2.png')).toEqual({
      type: 'application/octet-stream',
      disposition: 'attachment',
      csp: "default-src 'none'; sandbox",
    })
  })
})

describe('class 8: regular expressions cannot pin the REST lane', () => {
  it.each([
    ['title=match.^(.*)(.*)(.*)(.*)\\4\\3\\2\\1$', 'match'],
    ['title=imatch.(a)\\1', 'imatch'],
    ['or=(title.match."(x)\\\\1",status.eq.approved)', 'match'],
    ['title=match(any).{"(a)\\\\1",b}', 'match'],
  ])('a back-reference (%s) is a 400 PGRST100 before any SQL', async (query, op) => {
    const res = await rest(server, 'GET', `/sightings?${query.replace(/\+/g, '%2B')}`)
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({
      code: 'PGRST100',
      details: `Back-references (\\1 … \\9) are not allowed in ${op} patterns.`,
    })
  })

  it('a pattern longer than 100 characters is refused; 100 are served', async () => {
    const ok = await rest(server, 'GET', `/sightings?title=match.${'a'.repeat(100)}`)
    expect(ok.status).toBe(200)
    const long = await rest(server, 'GET', `/sightings?title=imatch.${'a'.repeat(101)}`)
    expect(long.status).toBe(400)
    expect(long.json).toMatchObject({
      code: 'PGRST100',
      details: 'A imatch pattern may have at most 100 characters.',
    })
  })

  it('an anonymous read gets 1 s of the database: a slow one is a 503 with Retry-After', async () => {
    await server.adminPool.query(`
      create or replace view public.slow_view as select public.slow(2) as one;
      grant select on public.slow_view to anon, authenticated;
    `)
    const res = await rest(server, 'GET', '/slow_view')
    expect(res.status).toBe(503)
    expect(res.json).toMatchObject({ code: '57014' })
    expect(res.headers.get('retry-after')).toBe('1')
    // A signed-in visitor's read keeps anon's old 3 s.
    const user = await server.tokenFor()
    const signedIn = await rest(server, 'GET', '/slow_view', {
      headers: { authorization: `Bearer ${user}` },
    })
    expect(signedIn.status).toBe(200)
  })

  it('statements with pattern filters get a quarter of the lane; beyond it 503, while other reads answer', async () => {
    await server.adminPool.query(`
      create or replace function public.slow_titles() returns table (title text)
        language sql volatile as $$ select 'x' from pg_sleep(2) $$;
      grant execute on function public.slow_titles() to anon, authenticated, service_role;
    `)
    // The service role: no statement timeout and no per-address share, only the lane's cap.
    const patterned = () =>
      rest(server, 'POST', '/rpc/slow_titles?title=like.*x*', {
        body: '{}',
        key: server.keys.serviceRoleKey,
      })
    const all = [patterned(), patterned(), patterned(), patterned()]
    // Once one of them runs, a read without a pattern filter is answered beside it.
    for (;;) {
      const { rowCount } = await server.adminPool.query(
        `select from pg_stat_activity where state = 'active' and query like '%slow_titles%'
           and pid <> pg_backend_pid()`,
      )
      if (rowCount) break
    }
    const plain = await rest(server, 'GET', '/sightings?select=title&order=id')
    expect(plain.status).toBe(200)
    const answers = await Promise.all(all)
    // A REST lane of 7 connections: 1 at a time, 2 waiting for at most 1 s, the rest refused.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 503, 503, 503])
    for (const busy of answers.filter((a) => a.status === 503)) {
      expect(busy.headers.get('retry-after')).toBe('1')
      expect(busy.json).toMatchObject({
        code: 'PGRST003',
        message: 'Too many pattern filters are running; try again shortly.',
      })
    }
  })
})

describe('class 9: rpc, request bodies and database errors as PostgREST 12, without SQL text', () => {
  beforeAll(async () => {
    await server.adminPool.query(`
      create function public.echo_json(json) returns json language sql immutable as $$ select $1 $$;
      create function public.echo_both(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
      create function public.echo_both(json) returns json language sql immutable as $$ select $1 $$;
      create function public.unnamed_int(integer) returns integer language sql immutable as $$ select $1 $$;
      create function public.bad_sql() returns integer language plpgsql as
        $$ begin execute 'selec 1'; return 1; end $$;
      grant execute on all functions in schema public to anon;
      notify pgrst, 'reload schema';
    `)
  })

  it('a single unnamed json parameter takes the whole body, {"": value} too, through supabase-js', async () => {
    const anon = server.client('anon')
    expect(await anon.rpc('echo_json', { '': 5 })).toMatchObject({
      status: 200,
      error: null,
      data: { '': 5 },
    })
    const raw = await rest(server, 'POST', '/rpc/echo_json', { body: '{"x": 4,  "y": [2]}' })
    expect(raw.status).toBe(200)
    expect(raw.text).toBe('{"x": 4,  "y": [2]}')
  })

  it('two functions taking the whole body are 300 PGRST203; an unnamed integer is no function', async () => {
    const both = await rest(server, 'POST', '/rpc/echo_both', { body: '{"": 1}' })
    expect(both.status).toBe(300)
    expect(both.json).toMatchObject({ code: 'PGRST203' })
    const int = await rest(server, 'POST', '/rpc/unnamed_int', { body: '{"": 1}' })
    expect(int.status).toBe(404)
    expect(int.json).toMatchObject({
      code: 'PGRST202',
      message:
        'Could not find the function public.unnamed_int with parameters  in the schema cache',
    })
  })

  it('an engine error about SQL text reaches the client as its code, never its words', async () => {
    const res = await rest(server, 'POST', '/rpc/bad_sql', { body: '{}' })
    expect(res.status).toBe(400)
    expect(res.json).toEqual({
      code: '42601',
      details: null,
      hint: null,
      message: 'The database could not run this request',
    })
  })

  it.each([
    ['text/plain', '{"note":"from a form"}'],
    ['application/x-www-form-urlencoded', 'note=from+a+form'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--x--',
    ],
    ['text/csv', 'note\nfrom a form'],
  ])(
    'a %s write is 415 and stores nothing (a cross-site form cannot write rows)',
    async (type, body) => {
      const before = await server.adminPool.query('select count(*)::int as n from public.drop_box')
      for (const [method, path] of [
        ['POST', '/drop_box'],
        ['PATCH', '/drop_box?id=eq.1'],
        ['POST', '/rpc/echo_json'],
      ]) {
        const res = await rest(server, method as string, path as string, {
          body,
          headers: { 'content-type': type },
        })
        expect(res.status, `${method} ${path}`).toBe(415)
        expect(res.json).toEqual({
          code: 'PGRST102',
          details: null,
          hint: 'Send the body as application/json.',
          message: `Content-Type not acceptable: ${type.split(';')[0]}`,
        })
      }
      const after = await server.adminPool.query('select count(*)::int as n from public.drop_box')
      expect(after.rows).toEqual(before.rows)
    },
  )

  it('a write without a Content-Type (a no-cors fetch of a Blob) is 415 as well', async () => {
    const res = await fetch(`${server.url}/rest/v1/drop_box?apikey=${server.keys.anonKey}`, {
      method: 'POST',
      body: new Blob(['{"note":"blob"}']),
    })
    expect(res.status).toBe(415)
    expect(await res.json()).toMatchObject({ message: 'Content-Type not acceptable: (none)' })
  })
})
