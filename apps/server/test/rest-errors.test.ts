// The gateway and error contract: Kong's apikey answers, PostgREST's JWT 401s (forged, alg none,
// expired), schema profiles, the SQLSTATE → HTTP table, PostgREST's own PGRST codes, the 64 KB
// body limit and the per-IP insert limit on the sign-up tables.
import { createClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ws from 'ws'
import { createFixture, insertSightings } from './rest-fixture.js'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  await createFixture(server.adminPool)
  await insertSightings(server.adminPool, [{ title: 'rent is due', status: 'approved' }])
})

afterAll(async () => {
  await server?.close()
})

const clientOpts = {
  realtime: { transport: ws as never },
  auth: { persistSession: false, autoRefreshToken: false },
}

function b64url(s: string): string {
  return Buffer.from(s).toString('base64url')
}

async function rest(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(`${server.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: server.keys.anonKey, ...init.headers },
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : null }
}

describe('apikey (the gateway rule)', () => {
  it('no apikey: 401 with Kong’s body', async () => {
    const res = await fetch(`${server.url}/rest/v1/sightings`)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    })
  })

  it('an unknown apikey: 401 Invalid API key, through supabase-js', async () => {
    const bad = createClient(server.url, 'not-our-key', clientOpts)
    const { error, status } = await bad.from('sightings').select()
    expect(status).toBe(401)
    expect(error).toMatchObject({
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    })
  })

  it('?apikey= works like the header', async () => {
    const res = await fetch(
      `${server.url}/rest/v1/sightings?select=title&apikey=${server.keys.anonKey}`,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([{ title: 'rent is due' }])
  })

  it('Authorization: Bearer sb_… is ignored in favour of the apikey’s role', async () => {
    const res = await rest('/rpc/whoami', {
      method: 'POST',
      headers: {
        apikey: server.keys.serviceRoleKey,
        authorization: 'Bearer sb_publishable_x',
        'content-type': 'application/json',
      },
    })
    expect(res.json).toMatchObject({ role: 'service_role' })
  })
})

describe('bearer tokens', () => {
  const expectInvalid = (res: Awaited<ReturnType<typeof rest>>, code: string, message: string) => {
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ code, details: null, hint: null, message })
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", error_description="${message}"`,
    )
  }

  it('a token signed with another secret is refused (PGRST301)', async () => {
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret-!!'))
    expectInvalid(
      await rest('/sightings', { headers: { authorization: `Bearer ${forged}` } }),
      'PGRST301',
      'JWT cryptographic operation failed',
    )
  })

  it('an alg:none token is refused (PGRST301)', async () => {
    const none = `${b64url('{"alg":"none","typ":"JWT"}')}.${b64url('{"role":"service_role"}')}.`
    expectInvalid(
      await rest('/sightings', { headers: { authorization: `Bearer ${none}` } }),
      'PGRST301',
      'JWT cryptographic operation failed',
    )
  })

  it('an expired token is refused (PGRST303 JWT expired), also through supabase-js', async () => {
    const now = Math.floor(Date.now() / 1000)
    const expired = await new SignJWT({ role: 'authenticated', sub: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(server.keys.jwtSecret)
    expectInvalid(
      await rest('/sightings', { headers: { authorization: `Bearer ${expired}` } }),
      'PGRST303',
      'JWT expired',
    )
    const client = createClient(server.url, server.keys.anonKey, {
      ...clientOpts,
      accessToken: async () => expired,
    })
    const { error, status } = await client.from('sightings').select()
    expect(status).toBe(401)
    expect(error).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' })
  })

  it('a garbage token is refused (PGRST301)', async () => {
    expectInvalid(
      await rest('/sightings', { headers: { authorization: 'Bearer abc' } }),
      'PGRST301',
      'Expected 3 parts in JWT; got 1',
    )
  })

  it('a valid user token runs as authenticated with its claims', async () => {
    const token = await server.tokenFor({ sub: '00000000-0000-4000-8000-0000000000bb' })
    const res = await rest('/rpc/whoami', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
    expect(res.json).toEqual({
      role: 'authenticated',
      sub: '00000000-0000-4000-8000-0000000000bb',
      method: 'POST',
    })
  })
})

describe('errors in PostgREST’s shape', () => {
  const anon = () => server.client('anon')
  const user = () => server.client('authenticated')

  it('another schema: 406 PGRST106', async () => {
    const other = createClient(server.url, server.keys.anonKey, {
      ...clientOpts,
      db: { schema: 'auth' },
    })
    const { error, status } = await other.from('users').select()
    expect(status).toBe(406)
    expect(error).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public',
      message: 'Invalid schema: auth',
    })
  })

  it('unknown table: 404 PGRST205 with a suggestion', async () => {
    const { error, status } = await anon().from('sighting').select()
    expect(status).toBe(404)
    expect(error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: "Perhaps you meant the table 'public.sightings'",
      message: "Could not find the table 'public.sighting' in the schema cache",
    })
  })

  it('unknown column in the body: 400 PGRST204', async () => {
    const { error, status } = await anon().from('sightings').insert({ title: 'x', colour: 'red' })
    expect(status).toBe(400)
    expect(error).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: "Could not find the 'colour' column of 'sightings' in the schema cache",
    })
  })

  it('unknown column in a filter: 400 42703', async () => {
    const { error, status } = await anon().from('sightings').select().eq('titel', 'x')
    expect(status).toBe(400)
    expect(error).toEqual({
      code: '42703',
      details: null,
      hint: null,
      message: 'column sightings.titel does not exist',
    })
  })

  it.each([
    ['an unknown operator', '/sightings?title=zz.1'],
    ['a broken or tree', '/sightings?or=(title.eq.1'],
    ['a bad limit', '/sightings?limit=ten'],
    ['an embedded resource', '/sightings?select=*,other(*)'],
    ['a bad order', '/sightings?order=title.sideways'],
  ])('bad query syntax (%s): 400 PGRST100', async (_n, path) => {
    const res = await rest(path)
    expect(res.status).toBe(400)
    expect(res.json.code).toBe('PGRST100')
    expect(Object.keys(res.json).sort()).toEqual(['code', 'details', 'hint', 'message'])
  })

  it.each([
    ['not JSON', '{"title": '],
    ['empty', ''],
    ['a JSON string', '"x"'],
  ])('a body that is %s: 400 PGRST102', async (_n, body) => {
    const res = await rest('/sightings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(res.status).toBe(400)
    expect(res.json).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    })
  })

  it.each([
    [
      '22P02 bad bigint',
      () => anon().from('sightings').select().eq('id', 'abc'),
      400,
      '22P02',
      'invalid input syntax for type bigint: "abc"',
    ],
    [
      '22007 bad date',
      () => anon().from('sightings').insert({ title: 'x', date: 'not-a-date' }),
      400,
      '22007',
      'invalid input syntax for type date: "not-a-date"',
    ],
    [
      '23502 not null',
      () => server.client('service').from('sightings').insert({ title: null }),
      400,
      '23502',
      'null value in column "title" of relation "sightings" violates not-null constraint',
    ],
    [
      '23514 check',
      () => anon().from('sightings').insert({ title: '' }),
      400,
      '23514',
      'new row for relation "sightings" violates check constraint "sightings_title_check"',
    ],
    [
      '42501 as anon',
      () => anon().from('drop_box').select(),
      401,
      '42501',
      'permission denied for table drop_box',
    ],
    [
      '42501 as a user',
      () => user().from('drop_box').select(),
      403,
      '42501',
      'permission denied for table drop_box',
    ],
    [
      '42501 RLS as a user',
      () => user().from('sightings').insert({ title: 'x', status: 'approved' }),
      403,
      '42501',
      'new row violates row-level security policy for table "sightings"',
    ],
  ])('%s', async (_n, call, status, code, message) => {
    const res = await call()
    expect(res.status).toBe(status)
    expect(res.error).toMatchObject({ code, message })
    expect(res.data).toBeNull()
  })

  it('a GET runs READ ONLY: a writing function called by GET is 405 25006', async () => {
    const res = await rest('/rpc/drop_note?note=sneaky', { method: 'GET' })
    expect(res.status).toBe(405)
    expect(res.json).toEqual({
      code: '25006',
      details: null,
      hint: null,
      message: 'cannot execute INSERT in a read-only transaction',
    })
    const posted = await rest('/rpc/drop_note', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"note":"by post"}',
    })
    expect(posted.status).toBe(204)
    const { rows } = await server.adminPool.query('select note from public.drop_box')
    expect(rows).toEqual([{ note: 'by post' }])
  })

  it('a 1 MB body is 413 with a JSON error, and nothing is stored', async () => {
    const before = await server.adminPool.query('select count(*)::int as n from public.sightings')
    const res = await rest('/sightings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(1024 * 1024) }),
    })
    expect(res.status).toBe(413)
    expect(res.json).toEqual({
      code: 'PT413',
      details: 'The request body exceeds 65536 bytes.',
      hint: null,
      message: 'Payload too large',
    })
    const viaClient = await server
      .client('service')
      .from('sightings')
      .insert({ title: 'y'.repeat(1024 * 1024) })
    expect(viaClient.status).toBe(413)
    const after = await server.adminPool.query('select count(*)::int as n from public.sightings')
    expect(after.rows[0].n).toBe(before.rows[0].n)
  })
})

describe('per-IP insert limit on the sign-up tables', () => {
  let limited: TestServer

  beforeAll(async () => {
    limited = await startTestServer({ env: { rateLimitPerMinute: 3 } })
  })

  afterAll(async () => {
    await limited?.close()
  })

  it('the 4th insert in a minute is 429 with Retry-After; other tables and the service role are not limited', async () => {
    const anon = limited.client('anon')
    for (let i = 0; i < 3; i++) {
      const { status, error } = await anon
        .from('fan_club_signups')
        .insert({ name: `Fan ${i}`, email: `f${i}@example.com` })
      expect(error).toBeNull()
      expect(status).toBe(201)
    }
    const res = await fetch(`${limited.url}/rest/v1/fan_club_signups`, {
      method: 'POST',
      headers: {
        apikey: limited.keys.anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.9',
      },
      body: JSON.stringify({ name: 'Fan 4', email: 'f4@example.com' }),
    })
    expect(res.status).toBe(429)
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await res.json()).toEqual({
      code: 'PT429',
      details: 'At most 3 rows per minute into fan_club_signups from one address.',
      hint: `Try again in ${retryAfter} seconds.`,
      message: 'Too many requests',
    })
    const other = await anon.from('merch_waitlist').insert({ email: 'f@example.com' })
    expect(other.status).toBe(201)
    const service = await limited
      .client('service')
      .from('fan_club_signups')
      .insert({ name: 'Op', email: 'op@example.com' })
    expect(service.status).toBe(201)
    const { rows } = await limited.adminPool.query(
      'select count(*)::int as n from public.fan_club_signups',
    )
    expect(rows[0].n).toBe(4)
  })
})

describe('the client address behind a trusted proxy', () => {
  let proxied: TestServer

  beforeAll(async () => {
    proxied = await startTestServer({ env: { rateLimitPerMinute: 1, trustProxy: true } })
  })

  afterAll(async () => {
    await proxied?.close()
  })

  it('X-Forwarded-For decides the bucket only when TRUST_PROXY says so', async () => {
    const post = (ip: string) =>
      fetch(`${proxied.url}/rest/v1/merch_waitlist`, {
        method: 'POST',
        headers: {
          apikey: proxied.keys.anonKey,
          'content-type': 'application/json',
          'x-forwarded-for': ip,
        },
        body: JSON.stringify({ email: 'fan@example.com' }),
      })
    expect((await post('198.51.100.1')).status).toBe(201)
    expect((await post('198.51.100.1')).status).toBe(429)
    expect((await post('198.51.100.2')).status).toBe(201)
  })
})
