// The account hardening of issue 14, through the real auth-js against the real server (no SMTP):
// weak passwords refused with GoTrue's weak_password, the auth limits counted in PostgreSQL (one
// count for every server process), the per-account failed sign-in limit and its backoff,
// reauthentication and the limits of PUT /user, /user refusing the tokens of ended sessions, and
// client errors logged at info without a stack. The e-mail change by link is in auth-smtp.
import { Writable } from 'node:stream'
import { AuthWeakPasswordError, type SupabaseClient } from '@supabase/supabase-js'
import Fastify, { type FastifyInstance } from 'fastify'
import { decodeJwt } from 'jose'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'
import { limitSubjects } from '../src/auth-api/limits.js'
import { GUESSABLE_MESSAGE, PWNED_MESSAGE } from '../src/auth-api/passwords.js'
import { authPlugin } from '../src/auth-api/plugin.js'
import { databaseSessions } from '../src/caller/session-events.js'
import { createVerifiedCallers } from '../src/caller/verified-caller.js'
import { loggerOptions } from '../src/http/log-redaction.js'
import { authFetch, newEmail } from './support/auth-client.js'
import { nodeClient } from './support/node-client.js'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ env: { authRateLimit: 1000, trustProxy: true } })
})

afterAll(async () => {
  await server?.close()
})

const PASSWORD = 'rent is due again'
const NEW_PASSWORD = 'bertha raised the rent'

/** A client whose requests come from `ip` (the server trusts X-Forwarded-For here). */
const fromIp = (ip: string, on: Pick<TestServer, 'url' | 'keys'> = server) =>
  nodeClient(on.url, on.keys.anonKey, { global: { headers: { 'x-forwarded-for': ip } } })

let ipCounter = 0
/** A fresh documentation address per call, so no test runs into another's per-IP limit. */
const freshIp = () => `192.0.2.${++ipCounter}`

async function signedUp(client: SupabaseClient = fromIp(freshIp())) {
  const email = newEmail()
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD })
  expect(error).toBeNull()
  return { client, email, session: data.session!, userId: data.user!.id }
}

function signIn(email: string, password: string, ip = freshIp()) {
  return authFetch(server, '/token?grant_type=password', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  })
}

/** The token and session check an auth API of its own is handed, as app.ts hands it the app's. */
const callersOver = (pool: pg.Pool) =>
  createVerifiedCallers({ jwtSecret: server.keys.jwtSecret, sessions: databaseSessions(pool) })

/** Starts an app on a free loopback port and gives its base URL. */
async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

function refresh(token: string) {
  return authFetch(server, '/token?grant_type=refresh_token', {
    method: 'POST',
    body: JSON.stringify({ refresh_token: token }),
  })
}

/** Makes a session look as if its sign-in was `seconds` ago. */
async function ageSignIn(accessToken: string, seconds: number) {
  await server.adminPool.query(
    'update auth.sessions set amr_timestamp = amr_timestamp - $2 where id = $1',
    [decodeJwt(accessToken).session_id, seconds],
  )
}

/** Moves an account's last failed sign-in `seconds` into the past, as time passing would. */
async function ageFailures(email: string, seconds: number) {
  const account = limitSubjects(server.keys.jwtSecret).account(email)
  await server.adminPool.query(
    `update api_limits.sign_in_failures
        set last_failure = last_failure - make_interval(secs => $2) where account = $1`,
    [account, seconds],
  )
}

describe('weak passwords', () => {
  it('sign-up refuses `password` and `12345678` (pwned) and guessable ones (characters)', async () => {
    const anon = fromIp(freshIp())
    for (const [password, reason, message] of [
      ['password', 'pwned', PWNED_MESSAGE],
      ['12345678', 'pwned', PWNED_MESSAGE],
      ['aaaaaaaaaaaa', 'characters', GUESSABLE_MESSAGE],
    ] as const) {
      const email = newEmail()
      const { data, error } = await anon.auth.signUp({ email, password })
      expect(data.user, password).toBeNull()
      expect(error).toBeInstanceOf(AuthWeakPasswordError)
      expect(error?.status).toBe(422)
      expect(error?.code).toBe('weak_password')
      expect(error?.message).toBe(message)
      expect((error as AuthWeakPasswordError).reasons).toEqual([reason])
      const { rowCount } = await server.adminPool.query('select from auth.users where email = $1', [
        email,
      ])
      expect(rowCount).toBe(0)
    }
    const raw = await authFetch(server, '/signup', {
      method: 'POST',
      headers: { 'x-forwarded-for': freshIp() },
      body: JSON.stringify({ email: newEmail(), password: '12345678' }),
    })
    expect(raw.status).toBe(422)
    expect(raw.json).toEqual({
      code: 'weak_password',
      message: PWNED_MESSAGE,
      weak_password: { reasons: ['pwned'] },
    })
  })

  it('a password built from the e-mail is guessable; a change of password is checked too', async () => {
    const anon = fromIp(freshIp())
    const email = newEmail('landlady.bertha')
    const fromEmail = await anon.auth.signUp({ email, password: `${email.split('@')[0]}!` })
    expect(fromEmail.error?.code).toBe('weak_password')
    expect((fromEmail.error as AuthWeakPasswordError).reasons).toEqual(['characters'])

    const { client } = await signedUp()
    const change = await client.auth.updateUser({ password: 'password' })
    expect(change.error).toBeInstanceOf(AuthWeakPasswordError)
    expect((change.error as AuthWeakPasswordError).reasons).toEqual(['pwned'])
  })
})

describe('auth limits in PostgreSQL', () => {
  it('AUTH_RATE_LIMIT is written into api_limits.rules, refreshes at five times it', async () => {
    const { rows } = await server.adminPool.query<{ bucket: string; max_hits: number }>(
      `select bucket, max_hits from api_limits.rules where bucket in ('auth:sign_in', 'auth:refresh')
       order by bucket`,
    )
    expect(rows).toEqual([
      { bucket: 'auth:refresh', max_hits: 5000 },
      { bucket: 'auth:sign_in', max_hits: 1000 },
    ])
  })

  it('the auth service may only take, refund and set its limit; the API roles none of it', async () => {
    const { rows } = await server.adminPool.query<{ role: string; fn: string; ok: boolean }>(
      `select r.role, f.fn, has_function_privilege(r.role, f.fn, 'execute') as ok
         from unnest(array['supabase_auth_admin', 'anon', 'authenticated', 'service_role']) as r(role),
              unnest(array['api_limits.take(text, text, integer)',
                           'api_limits.refund(text, text, integer)',
                           'api_limits.set_auth_sign_in_limit(integer)']) as f(fn)
        order by 1, 2`,
    )
    expect(rows.filter((r) => r.ok)).toEqual([
      { role: 'supabase_auth_admin', fn: 'api_limits.refund(text, text, integer)', ok: true },
      { role: 'supabase_auth_admin', fn: 'api_limits.set_auth_sign_in_limit(integer)', ok: true },
      { role: 'supabase_auth_admin', fn: 'api_limits.take(text, text, integer)', ok: true },
    ])
    const tables = await server.adminPool.query<{ role: string; ok: boolean }>(
      `select r.role, has_table_privilege(r.role, t.t, 'select,insert,update,delete') as ok
         from unnest(array['supabase_auth_admin', 'anon', 'authenticated', 'service_role']) as r(role),
              unnest(array['api_limits.rules', 'api_limits.counters']) as t(t)`,
    )
    expect(tables.rows.filter((r) => r.ok)).toEqual([])
  })

  it('two server processes on one database share one per-IP count of sign-ups and sign-ins', async () => {
    const limited = await startTestServer({ env: { authRateLimit: 4, trustProxy: true } })
    const second: FastifyInstance = await buildApp({
      config: limited.config,
      keys: limited.keys,
      pool: limited.apiPool,
    })
    try {
      const other = { url: await listening(second), keys: limited.keys }
      const ip = '198.51.100.20'
      const email = newEmail()
      const a = fromIp(ip, limited)
      const b = fromIp(ip, other)
      expect((await a.auth.signUp({ email, password: PASSWORD })).error).toBeNull()
      expect((await b.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
      expect((await a.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
      expect((await b.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
      const over = await authFetch(other, '/token?grant_type=password', {
        method: 'POST',
        headers: { 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password: PASSWORD }),
      })
      expect(over.status).toBe(429)
      expect(over.json).toEqual({
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      })
      const retryAfter = Number(over.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(300)
      // The counter is keyed by a hash of the address, never the address itself.
      const { rows } = await limited.adminPool.query<{ subject: string; hits: number }>(
        `select subject, hits from api_limits.counters where bucket = 'auth:sign_in'`,
      )
      expect(rows).toEqual([{ subject: expect.stringMatching(/^[\w-]{22}$/), hits: 4 }])
      expect(JSON.stringify(rows)).not.toContain('198.51.100')
    } finally {
      await second.close()
      await limited.close()
    }
  })
})

describe('failed sign-ins per account: slow for the attacker, never a lock for the owner', () => {
  /** Five failures from addresses the account has never seen. */
  async function failFiveTimes(email: string) {
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(email, 'not the password')
      expect(wrong.status).toBe(400)
      expect(wrong.json.code).toBe('invalid_credentials')
    }
  }

  it('an attacker failing from anywhere cannot lock the owner out: a known device or address signs in at once', async () => {
    const ownIp = freshIp()
    const { email } = await signedUp(fromIp(ownIp))
    // The owner signs in once from a browser: it gets its device cookie.
    const first = await signIn(email, PASSWORD, freshIp())
    expect(first.status).toBe(200)
    const cookie = /^rd_device=([\w-]{22});/.exec(first.headers.get('set-cookie') ?? '')
    expect(first.headers.get('set-cookie')).toMatch(
      /^rd_device=[\w-]{22}; Max-Age=31536000; Path=\/auth\/v1; HttpOnly; SameSite=Lax$/,
    )
    // Forty wrong passwords from forty other addresses, each after the wait it was told.
    for (let i = 0; i < 40; i++) {
      await ageFailures(email, 600)
      expect((await signIn(email, `guess ${i}`)).status).toBe(400)
    }
    const stranger = await signIn(email, PASSWORD)
    expect(stranger.status).toBe(429)
    // The owner's browser (its cookie, from a new address) and the owner's address still sign in.
    const device = await authFetch(server, '/token?grant_type=password', {
      method: 'POST',
      headers: { 'x-forwarded-for': freshIp(), cookie: `rd_device=${cookie?.[1]}` },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(device.status).toBe(200)
    expect(device.headers.get('set-cookie')).toBeNull()
    expect((await signIn(email, PASSWORD, ownIp)).status).toBe(200)
    // A forged or foreign cookie is just another stranger.
    const forged = await authFetch(server, '/token?grant_type=password', {
      method: 'POST',
      headers: { 'x-forwarded-for': freshIp(), cookie: 'rd_device=AAAAAAAAAAAAAAAAAAAAAA' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(forged.status).toBe(429)
  })

  it('a stranger waits after the fifth failure: 15 s, doubling to 10 minutes at most, never a day', async () => {
    const { email } = await signedUp()
    await failFiveTimes(email)
    const waits: number[] = []
    for (let i = 0; i < 8; i++) {
      const refused = await signIn(email, PASSWORD)
      expect(refused.status).toBe(429)
      expect(refused.json).toEqual({
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      })
      waits.push(Number(refused.headers.get('retry-after')))
      await ageFailures(email, waits[i] as number)
      expect((await signIn(email, 'not the password')).status).toBe(400)
    }
    expect(waits).toEqual([15, 30, 60, 120, 240, 480, 600, 600])
    // Once waited for, the right password signs in; a day after the last failure all is forgotten.
    await ageFailures(email, 600)
    expect((await signIn(email, PASSWORD)).status).toBe(200)
    expect((await signIn(email, 'not the password')).status).toBe(429)
    await ageFailures(email, 86_401)
    await failFiveTimes(email)
  })

  it('an unknown e-mail waits exactly like an account, so a refusal reveals nothing', async () => {
    const email = newEmail('nobody')
    await failFiveTimes(email)
    const refused = await signIn(email, PASSWORD)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('15')
  })

  it('a right password gives its place back: only failures count', async () => {
    const { email } = await signedUp()
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'not the password')).status).toBe(400)
    for (let i = 0; i < 6; i++) expect((await signIn(email, PASSWORD)).status).toBe(200)
    expect((await signIn(email, 'not the password')).status).toBe(400)
    expect((await signIn(email, 'not the password')).status).toBe(429)
  })

  it('parallel guesses cannot slip past the wait: exactly 5 of 12 are checked', async () => {
    const { email } = await signedUp()
    const results = await Promise.all(
      Array.from({ length: 12 }, () => signIn(email, 'not the password')),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429, 429, 429])
  })

  it('the trust and the failures are keyed hashes, never an address, a cookie or an e-mail', async () => {
    const ip = '198.51.100.77'
    const { email } = await signedUp(fromIp(ip))
    await signIn(email, 'not the password')
    const { rows } = await server.adminPool.query<{ t: string }>(
      `select row_to_json(t)::text as t from api_limits.sign_in_trust t
       union all select row_to_json(f)::text from api_limits.sign_in_failures f`,
    )
    const text = rows.map((r) => r.t).join('\n')
    expect(text).toContain(limitSubjects(server.keys.jwtSecret).account(email))
    expect(text).not.toContain(ip)
    expect(text).not.toContain(email)
  })
})

describe('reauthentication for a password or e-mail change', () => {
  it('within 5 minutes of signing in no current password is needed', async () => {
    const { client, email } = await signedUp()
    await ageSignIn((await client.auth.getSession()).data.session!.access_token, 240)
    expect((await client.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull()
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200)
  })

  it('later it needs current_password: missing, wrong, then right; the other sessions end', async () => {
    const { client, email, session } = await signedUp()
    const other = (await signIn(email, PASSWORD)).json
    await ageSignIn(session.access_token, 301)

    const missing = await client.auth.updateUser({ password: NEW_PASSWORD })
    expect(missing.error?.status).toBe(400)
    expect(missing.error?.code).toBe('current_password_required')
    expect(missing.error?.message).toBe('Current password required when setting new password.')
    const wrong = await client.auth.updateUser({
      password: NEW_PASSWORD,
      current_password: 'not the password',
    })
    expect(wrong.error?.status).toBe(400)
    expect(wrong.error?.code).toBe('current_password_invalid')
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(400)

    const same = await client.auth.updateUser({ password: PASSWORD, current_password: PASSWORD })
    expect(same.error?.status).toBe(422)
    expect(same.error?.code).toBe('same_password')

    const right = await client.auth.updateUser({
      password: NEW_PASSWORD,
      current_password: PASSWORD,
    })
    expect(right.error).toBeNull()
    expect((await signIn(email, PASSWORD)).status).toBe(400)
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200)
    // This session goes on; the other one ended with the old password.
    expect((await client.auth.getUser()).error).toBeNull()
    const ended = await authFetch(server, '/user', {
      headers: { authorization: `Bearer ${other.access_token as string}` },
    })
    expect(ended.status).toBe(403)
    expect(ended.json.code).toBe('session_not_found')
  })

  it('an e-mail change (at once, without SMTP) follows the same rule; metadata never needs it', async () => {
    const { client, session } = await signedUp()
    await ageSignIn(session.access_token, 301)
    const address = newEmail('moved')
    const missing = await client.auth.updateUser({ email: address })
    expect(missing.error?.code).toBe('current_password_required')
    expect(missing.error?.message).toBe(
      'Current password required when changing the email address.',
    )
    const data = await client.auth.updateUser({ data: { favourite: 'Tubbs' } })
    expect(data.error).toBeNull()
    const moved = await client.auth.updateUser({ email: address, current_password: PASSWORD })
    expect(moved.error).toBeNull()
    expect(moved.data.user?.email).toBe(address)
    expect((await signIn(address, PASSWORD)).status).toBe(200)
  })

  it('a wrong current password from a stranger counts as a failed sign-in of the account', async () => {
    const { email, session } = await signedUp()
    await ageSignIn(session.access_token, 301)
    // The token in other hands, on an address the account has never signed in from.
    const ip = freshIp()
    const thief = (currentPassword: string) =>
      authFetch(server, '/user', {
        method: 'PUT',
        headers: { authorization: `Bearer ${session.access_token}`, 'x-forwarded-for': ip },
        body: JSON.stringify({ password: NEW_PASSWORD, current_password: currentPassword }),
      })
    for (let i = 0; i < 5; i++) {
      expect((await thief(`guess number ${i}`)).json.code).toBe('current_password_invalid')
    }
    const waiting = await thief(PASSWORD)
    expect(waiting.status).toBe(429)
    expect(waiting.json.code).toBe('over_request_rate_limit')
    expect((await signIn(email, PASSWORD)).status).toBe(429)
  })

  it('PUT /user is limited: 10 per user and 30 per address in 5 minutes', async () => {
    const { client } = await signedUp()
    for (let i = 0; i < 10; i++) {
      expect((await client.auth.updateUser({ data: { n: i } })).error).toBeNull()
    }
    const perUser = await client.auth.updateUser({ data: { n: 10 } })
    expect(perUser.error?.status).toBe(429)
    expect(perUser.error?.code).toBe('over_request_rate_limit')

    const ip = freshIp()
    const users = await Promise.all([0, 1, 2, 3].map(() => signedUp(fromIp(ip))))
    let accepted = 0
    let refused = 0
    for (let i = 0; i < 8; i++) {
      for (const { client: c } of users) {
        const { error } = await c.auth.updateUser({ data: { i } })
        if (error === null) accepted++
        else if (error.code === 'over_request_rate_limit') refused++
      }
    }
    expect({ accepted, refused }).toEqual({ accepted: 30, refused: 2 })
  })
})

describe('/user refuses the tokens of ended sessions', () => {
  const getUser = (token: string) =>
    authFetch(server, '/user', { headers: { authorization: `Bearer ${token}` } })
  const putUser = (token: string) =>
    authFetch(server, '/user', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: { still: 'here' } }),
    })
  const logout = (token: string, scope: string) =>
    authFetch(server, `/logout?scope=${scope}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })

  async function expectEnded(token: string) {
    for (const res of [await getUser(token), await putUser(token)]) {
      expect(res.status).toBe(403)
      expect(res.json).toEqual({
        code: 'session_not_found',
        message: 'Session from session_id claim in JWT does not exist',
      })
    }
  }

  async function expectAlive(token: string) {
    expect((await getUser(token)).status).toBe(200)
    expect((await putUser(token)).status).toBe(200)
  }

  it('signed out with scope local, others and global', async () => {
    const { email, session: s1 } = await signedUp()
    const s2 = (await signIn(email, PASSWORD)).json.access_token as string
    const s3 = (await signIn(email, PASSWORD)).json.access_token as string
    const s4 = (await signIn(email, PASSWORD)).json.access_token as string
    await expectAlive(s1.access_token)
    expect((await logout(s1.access_token, 'local')).status).toBe(204)
    await expectEnded(s1.access_token)
    await expectAlive(s2)
    expect((await logout(s2, 'others')).status).toBe(204)
    await expectEnded(s3)
    await expectAlive(s2)
    const s5 = (await signIn(email, PASSWORD)).json.access_token as string
    expect((await logout(s5, 'global')).status).toBe(204)
    await expectEnded(s2)
    await expectEnded(s5)
    await expectEnded(s4)
  })

  it('ended by refresh-token reuse detection', async () => {
    const { session } = await signedUp()
    const r1 = await refresh(session.refresh_token)
    const r2 = await refresh(r1.json.refresh_token as string)
    await expectAlive(r2.json.access_token as string)
    expect((await refresh(session.refresh_token)).json.code).toBe('refresh_token_already_used')
    await expectEnded(r2.json.access_token as string)
    await expectEnded(session.access_token)
  })
})

describe('REST and Storage refuse the tokens of ended sessions, on every server process', () => {
  const ENDED = 'Session from session_id claim in JWT does not exist'
  let replica: FastifyInstance
  let replicaUrl: string

  beforeAll(async () => {
    // A second server process on the same database: its own caches, its own listener.
    replica = await buildApp({ config: server.config, keys: server.keys, pool: server.apiPool })
    replicaUrl = await listening(replica)
  })
  afterAll(async () => {
    await replica?.close()
  })

  /** REST (a table only admins may read) and Storage with this token, on one server. */
  async function asToken(url: string, token: string) {
    const headers = { apikey: server.keys.anonKey, authorization: `Bearer ${token}` }
    const rest = await fetch(`${url}/rest/v1/fan_club_signups?select=email`, { headers })
    const storage = await fetch(`${url}/storage/v1/bucket`, { headers })
    return {
      rest: { status: rest.status, json: (await rest.json()) as unknown },
      storage: { status: storage.status, json: (await storage.json()) as unknown },
    }
  }

  const refused = {
    rest: {
      status: 401,
      json: { code: 'PGRST303', details: null, hint: null, message: ENDED },
    },
    storage: {
      status: 400,
      json: { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: ENDED },
    },
  }

  /** Polls until `check` passes; fails after the 5 s the revocation may take at most. */
  async function within5s(check: () => Promise<void>) {
    const deadline = Date.now() + 5000
    for (;;) {
      try {
        return await check()
      } catch (e) {
        if (Date.now() > deadline) throw e
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  }

  async function expectRefusedEverywhere(token: string) {
    for (const url of [server.url, replicaUrl]) {
      await within5s(async () => expect(await asToken(url, token)).toEqual(refused))
    }
  }

  it('signed out: REST and Storage refuse the token at once here and within 5 s on a replica', async () => {
    const { session } = await signedUp()
    for (const url of [server.url, replicaUrl]) {
      const alive = await asToken(url, session.access_token)
      expect(alive.rest).toEqual({ status: 200, json: [] })
      expect(alive.storage.status).toBe(200)
    }
    const out = await authFetch(server, '/logout?scope=local', {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}` },
    })
    expect(out.status).toBe(204)
    // This process was told by the sign-out itself: no waiting.
    expect(await asToken(server.url, session.access_token)).toEqual(refused)
    await expectRefusedEverywhere(session.access_token)
  })

  it('a new password and a reused refresh token end the other tokens on REST and Storage', async () => {
    const { client, email, session } = await signedUp()
    const other = (await signIn(email, PASSWORD)).json.access_token as string
    expect((await asToken(replicaUrl, other)).rest.status).toBe(200)
    expect((await client.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull()
    await expectRefusedEverywhere(other)
    expect((await asToken(server.url, session.access_token)).rest.status).toBe(200)

    const r1 = await refresh(session.refresh_token)
    const r2 = await refresh(r1.json.refresh_token as string)
    const fresh = r2.json.access_token as string
    expect((await asToken(replicaUrl, fresh)).rest.status).toBe(200)
    // The first refresh token, used again once it has been rotated twice: the session is revoked.
    expect((await refresh(session.refresh_token)).json.code).toBe('refresh_token_already_used')
    await expectRefusedEverywhere(fresh)
  })

  it('an admin demoted in SQL loses the admin rights of a live token within 5 s everywhere; promoted, gains them', async () => {
    const { email, session, userId } = await signedUp()
    await server.adminPool.query(
      `insert into public.fan_club_signups (name, email) values ('Fan', $1)`,
      [email],
    )
    const setRole = (role: string | null) =>
      server.adminPool.query(
        `update auth.users set raw_app_meta_data =
           case when $2::text is null then raw_app_meta_data - 'role'
                else raw_app_meta_data || jsonb_build_object('role', $2::text) end
         where id = $1`,
        [userId, role],
      )
    const token = session.access_token
    expect((await asToken(replicaUrl, token)).rest.json).toEqual([])
    await setRole('admin')
    for (const url of [server.url, replicaUrl]) {
      await within5s(async () => expect((await asToken(url, token)).rest.json).toEqual([{ email }]))
    }
    await setRole(null)
    for (const url of [server.url, replicaUrl]) {
      await within5s(async () => expect((await asToken(url, token)).rest.json).toEqual([]))
    }
  })
})

describe('auth errors never echo an engine message', () => {
  it.each([
    [
      'a body nested 30,000 levels',
      `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
      {
        code: 'validation_failed',
        message: 'The request body must not be nested more than 64 levels deep',
      },
    ],
    [
      'a body that is not JSON',
      '{"email": "a@b.c", oops',
      {
        code: 'bad_json',
        message: 'Could not parse request body as JSON',
      },
    ],
    [
      'a __proto__ key',
      '{"email":"a@b.c","data":{"__proto__":{"x":1}}}',
      {
        code: 'bad_json',
        message: 'Could not parse request body as JSON',
      },
    ],
  ])('%s is answered in our words', async (_name, body, expected) => {
    const res = await authFetch(server, '/signup', {
      method: 'POST',
      headers: { 'x-forwarded-for': freshIp() },
      body,
    })
    expect(res.status).toBe(400)
    expect(res.json).toEqual(expected)
  })

  it.each([
    ['text/plain', 'The request body must be a JSON object'],
    ['application/x-www-form-urlencoded', 'The request body must be application/json'],
  ])('a %s body is answered in our words, not Fastify’s', async (type, message) => {
    const res = await authFetch(server, '/signup', {
      method: 'POST',
      headers: { 'x-forwarded-for': freshIp(), 'content-type': type },
      body: 'email=a@b.c',
    })
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ code: 'validation_failed', message })
  })
})

describe('a database that does not answer', () => {
  it('the auth API still starts, and answers 503 with Retry-After instead of 500', async () => {
    const deadPool = new pg.Pool({
      connectionString: 'postgres://authenticator:x@127.0.0.1:1/none',
      connectionTimeoutMillis: 2000,
    })
    const app = Fastify({ logger: false })
    try {
      await app.register(authPlugin, {
        prefix: '/auth/v1',
        pool: deadPool,
        callers: callersOver(deadPool),
        keys: server.keys,
        config: server.config,
      })
      const on = { url: await listening(app), keys: server.keys }
      for (const [path, body] of [
        ['/token?grant_type=password', { email: newEmail(), password: PASSWORD }],
        ['/signup', { email: newEmail(), password: PASSWORD }],
      ] as const) {
        const res = await authFetch(on, path, { method: 'POST', body: JSON.stringify(body) })
        expect(res.status, path).toBe(503)
        expect(res.headers.get('retry-after')).toBe('5')
        expect(res.json).toEqual({
          code: 'unexpected_failure',
          message: 'The auth service cannot reach its database, please try again shortly.',
        })
      }
      expect((await authFetch(on, '/settings')).status).toBe(200)
    } finally {
      await app.close()
      await deadPool.end()
    }
  })
})

/** Collects the JSON lines a Fastify logger writes. */
function logLines() {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>)
      }
      done()
    },
  })
  return { lines, stream }
}

describe('logging', () => {
  it('a client error is logged at info without a stack; a failure of ours at error with one', async () => {
    const { lines, stream } = logLines()
    const app = Fastify({ logger: { level: 'info', stream } })
    // An SMTP server that refuses connections: sending the confirmation fails (our failure,
    // after the answer: the sign-up itself stands).
    const smtp = { host: '127.0.0.1', port: 9, user: undefined, pass: undefined, from: 'x@y.z' }
    await app.register(authPlugin, {
      prefix: '/auth/v1',
      pool: server.apiPool,
      callers: callersOver(server.apiPool),
      keys: server.keys,
      config: { ...server.config, smtp, authRateLimit: 1000 },
    })
    let closed = false
    try {
      const on = { url: await listening(app), keys: server.keys }

      const refused = await authFetch(on, '/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email: newEmail(), password: PASSWORD }),
      })
      expect(refused.status).toBe(400)
      const info = lines.find((l) => l.msg === 'auth request refused: Invalid login credentials')
      expect(info).toMatchObject({ level: 30, status: 400, code: 'invalid_credentials' })
      expect(info).not.toHaveProperty('err')
      expect(JSON.stringify(lines)).not.toContain('"stack"')

      const signedUp = await authFetch(on, '/signup', {
        method: 'POST',
        body: JSON.stringify({ email: newEmail(), password: PASSWORD }),
      })
      expect(signedUp.status).toBe(200)
      // Closing waits for the mails on their way.
      await app.close()
      closed = true
      const error = lines.find((l) => l.msg === 'sending the confirmation e-mail failed')
      expect(error).toMatchObject({ level: 50, err: { type: 'Error' } })
      expect((error?.err as { stack?: string }).stack).toContain('ECONNREFUSED')
    } finally {
      if (!closed) await app.close()
    }
  })

  it('secrets in URLs (link tokens, apikey, refresh tokens) never reach a log line', async () => {
    const { lines, stream } = logLines()
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } })
    await app.register(authPlugin, {
      prefix: '/auth/v1',
      pool: server.apiPool,
      callers: callersOver(server.apiPool),
      keys: server.keys,
      config: server.config,
    })
    try {
      const base = `${await listening(app)}/auth/v1`
      const secrets = ['link-token-SECRET1', server.keys.anonKey, 'refresh-SECRET2', 'sig-SECRET3']
      await fetch(`${base}/verify?token=${secrets[0]}&type=signup&redirect_to=x`, {
        redirect: 'manual',
      })
      await fetch(`${base}/settings?apikey=${secrets[1]}&x=1`)
      await fetch(`${base}/nothing?a=1&refresh_token=${secrets[2]};signature=${secrets[3]}`)
      const requests = lines.filter((l) => l.msg === 'incoming request')
      expect(requests.map((l) => (l.req as { url: string }).url)).toEqual([
        '/auth/v1/verify?token=[redacted]&type=signup&redirect_to=x',
        '/auth/v1/settings?apikey=[redacted]&x=1',
        '/auth/v1/nothing?a=1&refresh_token=[redacted];signature=[redacted]',
      ])
      const all = JSON.stringify(lines)
      for (const secret of secrets) expect(all).not.toContain(secret)
    } finally {
      await app.close()
    }
  })
})
