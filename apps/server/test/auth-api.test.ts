// The Auth API (/auth/v1) through the real auth-js in @supabase/supabase-js, on a server with
// auto-confirm (no SMTP): sign-up, password sign-in and its failures, refresh-token rotation,
// reuse detection and the parallel-refresh grace, getUser/updateUser, sign-out, the redirect
// allow-list, the per-IP limit, token claims, and that a signed-in token works on /rest/v1 while
// the auth tables stay out of its reach.
import { AuthApiError, AuthWeakPasswordError, type SupabaseClient } from '@supabase/supabase-js'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Claims } from '../src/caller/jwt.js'
import { requestTx } from '../src/db/request-tx.js'
import { withTransaction } from '../src/db/transaction.js'
import { authFetch as authFetchOn, newEmail } from './support/auth-client.js'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({
    env: {
      authRateLimit: 1000,
      siteUrl: 'https://rentdue.example',
      additionalRedirectUrls: ['https://preview.rentdue.example/welcome'],
    },
  })
})

afterAll(async () => {
  await server?.close()
})

const PASSWORD = 'correct horse battery'

async function signedUp(client?: SupabaseClient) {
  const c = client ?? server.client('anon')
  const email = newEmail()
  const { data, error } = await c.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { username: 'landlord_fan' } },
  })
  expect(error).toBeNull()
  return { client: c, email, data }
}

function authFetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return authFetchOn(server, path, init)
}

describe('sign-up (auto-confirm)', () => {
  it('returns a session and keeps user_metadata such as username', async () => {
    const { email, data } = await signedUp()
    expect(data.session).not.toBeNull()
    expect(data.session?.token_type).toBe('bearer')
    expect(data.session?.expires_in).toBe(3600)
    const user = data.user
    expect(user?.email).toBe(email)
    expect(user?.user_metadata).toEqual({ username: 'landlord_fan' })
    expect(user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(user?.aud).toBe('authenticated')
    expect(user?.role).toBe('authenticated')
    expect(user?.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(user?.identities).toHaveLength(1)
    expect(user?.identities?.[0]?.provider).toBe('email')
    expect(user?.identities?.[0]?.identity_data).toMatchObject({
      email,
      sub: user?.id,
      username: 'landlord_fan',
      email_verified: true,
    })
  })

  it('the access token carries Supabase claims, signed HS256 for one hour', async () => {
    const { email, data } = await signedUp()
    const token = data.session?.access_token as string
    const header = JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString())
    expect(header.alg).toBe('HS256')
    const claims = decodeJwt(token)
    expect(claims).toMatchObject({
      iss: 'https://rentdue.example/auth/v1',
      sub: data.user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { username: 'landlord_fan' },
      aal: 'aal1',
      is_anonymous: false,
    })
    expect(claims.exp! - claims.iat!).toBe(3600)
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
  })

  it('refuses a second sign-up with the same e-mail (any case): user_already_exists', async () => {
    const { email } = await signedUp()
    const { data, error } = await server
      .client('anon')
      .auth.signUp({ email: email.toUpperCase(), password: PASSWORD })
    expect(data.user).toBeNull()
    expect(error).toBeInstanceOf(AuthApiError)
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('user_already_exists')
    expect(error?.message).toBe('User already registered')
  })

  it('refuses a short password with AuthWeakPasswordError and its reasons', async () => {
    const { error } = await server
      .client('anon')
      .auth.signUp({ email: newEmail(), password: 'short7!' })
    expect(error).toBeInstanceOf(AuthWeakPasswordError)
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('weak_password')
    expect(error?.message).toBe('Password should be at least 8 characters.')
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length'])
  })

  it('refuses a malformed e-mail and an overlong password: validation_failed', async () => {
    const anon = server.client('anon')
    const bad = await anon.auth.signUp({ email: 'not-an-email', password: PASSWORD })
    expect(bad.error?.status).toBe(400)
    expect(bad.error?.code).toBe('validation_failed')
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format')
    const long = await anon.auth.signUp({ email: `${'a'.repeat(250)}@x.io`, password: PASSWORD })
    expect(long.error?.code).toBe('validation_failed')
    const pw = await anon.auth.signUp({ email: newEmail(), password: 'p'.repeat(73) })
    expect(pw.error?.code).toBe('validation_failed')
    expect(pw.error?.message).toBe('Password cannot be longer than 72 characters')
  })

  it('takes any redirect as GoTrue does: off the allow-list is no error, the sign-up goes on', async () => {
    const anon = server.client('anon')
    for (const emailRedirectTo of [
      'https://rentdue.example',
      'https://rentdue.example/',
      'https://preview.rentdue.example/welcome',
      'https://evil.example/',
      'https://rentdue.example.evil.example/',
      'https://rentdue.example/other',
      'javascript:alert(1)',
    ]) {
      const email = newEmail()
      const { data, error } = await anon.auth.signUp({
        email,
        password: PASSWORD,
        options: { emailRedirectTo },
      })
      expect(error).toBeNull()
      expect(data.session?.user.email).toBe(email)
      await anon.auth.signOut()
    }
  })

  it('stores an argon2id hash (OWASP parameters), never the password', async () => {
    const { email } = await signedUp()
    const { rows } = await server.adminPool.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where email = $1',
      [email],
    )
    expect(rows[0]?.encrypted_password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })
})

describe('password sign-in', () => {
  it('returns a session for the right password', async () => {
    const { email, data: signup } = await signedUp()
    const { data, error } = await server.client('anon').auth.signInWithPassword({
      email,
      password: PASSWORD,
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(signup.user?.id)
    expect(data.user?.user_metadata).toEqual({ username: 'landlord_fan' })
    expect(data.session?.refresh_token).not.toBe(signup.session?.refresh_token)
    expect(data.user?.last_sign_in_at).toMatch(/^\d{4}-/)
  })

  it('wrong password and unknown e-mail both give invalid_credentials, "Invalid login credentials"', async () => {
    const { email } = await signedUp()
    for (const attempt of [
      { email, password: 'wrong password!' },
      { email: newEmail(), password: PASSWORD },
    ]) {
      const { data, error } = await server.client('anon').auth.signInWithPassword(attempt)
      expect(data.session).toBeNull()
      expect(error).toBeInstanceOf(AuthApiError)
      expect(error?.status).toBe(400)
      expect(error?.code).toBe('invalid_credentials')
      expect(error?.message).toBe('Invalid login credentials')
    }
  })

  it('answers errors with X-Supabase-Api-Version and GoTrue bodies (legacy body without it)', async () => {
    const versioned = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: newEmail(), password: PASSWORD }),
    })
    expect(versioned.status).toBe(400)
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(versioned.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(versioned.json).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
    const legacy = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { 'x-supabase-api-version': '' },
      body: JSON.stringify({ email: newEmail(), password: PASSWORD }),
    })
    expect(legacy.json).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })
    const grant = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' })
    expect(grant.status).toBe(400)
    expect(grant.json).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' })
  })

  it('validates bodies and query strings: bad JSON, non-object body, wrong types, repeated params', async () => {
    const post = (path: string, body: string) => authFetch(path, { method: 'POST', body })
    const badJson = await post('/signup', '{"email": ')
    expect(badJson.status).toBe(400)
    expect(badJson.json.code).toBe('bad_json')
    const proto = await post(
      '/signup',
      `{"email": "${newEmail()}", "password": "${PASSWORD}", "data": {"__proto__": {"admin": true}}}`,
    )
    expect(proto.status).toBe(400)
    expect(proto.json.code).toBe('bad_json')
    const array = await post('/signup', '[1, 2]')
    expect(array.json).toEqual({
      code: 'validation_failed',
      message: 'The request body must be a JSON object',
    })
    const numberEmail = await post('/signup', JSON.stringify({ email: 42, password: PASSWORD }))
    expect(numberEmail.json.code).toBe('validation_failed')
    const listData = await post(
      '/signup',
      JSON.stringify({ email: newEmail(), password: PASSWORD, data: ['x'] }),
    )
    expect(listData.json).toEqual({
      code: 'validation_failed',
      message: 'data must be a JSON object',
    })
    const repeated = await post(
      '/token?grant_type=password&grant_type=password',
      JSON.stringify({ email: newEmail(), password: PASSWORD }),
    )
    expect(repeated.json).toEqual({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    })
  })

  it('the gateway rule applies: no apikey 401, unknown apikey 401', async () => {
    const none = await fetch(`${server.url}/auth/v1/settings`)
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    })
    const wrong = await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: 'nope' } })
    expect(wrong.status).toBe(401)
    expect(((await wrong.json()) as { message: string }).message).toBe('Invalid API key')
  })
})

describe('refresh tokens', () => {
  it('rotate: each refresh returns a new refresh token and a fresh access token', async () => {
    const { client, data } = await signedUp()
    const first = data.session!
    const { data: r1, error } = await client.auth.refreshSession({
      refresh_token: first.refresh_token,
    })
    expect(error).toBeNull()
    expect(r1.session?.refresh_token).not.toBe(first.refresh_token)
    expect(r1.session?.user.id).toBe(first.user.id)
    expect(decodeJwt(r1.session!.access_token).session_id).toBe(
      decodeJwt(first.access_token).session_id,
    )
    const { data: r2, error: e2 } = await client.auth.refreshSession({
      refresh_token: r1.session!.refresh_token,
    })
    expect(e2).toBeNull()
    expect(r2.session?.refresh_token).not.toBe(r1.session?.refresh_token)
  })

  it('an unknown refresh token is refresh_token_not_found', async () => {
    const { error } = await server
      .client('anon')
      .auth.refreshSession({ refresh_token: 'definitely-not-a-token' })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('refresh_token_not_found')
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found')
  })

  it('several tabs refreshing with the same token at once all get the same child', async () => {
    const { data } = await signedUp()
    const parent = data.session!.refresh_token
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        authFetch('/token?grant_type=refresh_token', {
          method: 'POST',
          body: JSON.stringify({ refresh_token: parent }),
        }),
      ),
    )
    for (const r of results) expect(r.status).toBe(200)
    const children = new Set(results.map((r) => r.json.refresh_token))
    expect(children.size).toBe(1)
    // The child keeps working: the session was not revoked.
    const next = await authFetch('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: [...children][0] }),
    })
    expect(next.status).toBe(200)
  })

  it('reusing an old token after the grace revokes the session: the newest token fails too', async () => {
    const { data } = await signedUp()
    const t0 = data.session!.refresh_token
    const r1 = await authFetch('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: t0 }),
    })
    const t1 = r1.json.refresh_token as string
    const r2 = await authFetch('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: t1 }),
    })
    const t2 = r2.json.refresh_token as string
    expect(r2.status).toBe(200)
    // t0 was used two generations ago: its child t1 is no longer the live token, so no grace.
    const reuse = await server.client('anon').auth.refreshSession({ refresh_token: t0 })
    expect(reuse.error?.status).toBe(400)
    expect(reuse.error?.code).toBe('refresh_token_already_used')
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used')
    const newest = await server.client('anon').auth.refreshSession({ refresh_token: t2 })
    expect(newest.error?.code).toBe('refresh_token_not_found')
    // And the session's access token is no longer accepted by /user.
    const me = await authFetch('/user', {
      headers: { authorization: `Bearer ${r2.json.access_token as string}` },
    })
    expect(me.status).toBe(403)
    expect(me.json.code).toBe('session_not_found')
  })

  it('reusing the immediate parent after the 10 s grace revokes the session', async () => {
    const { data } = await signedUp()
    const t0 = data.session!.refresh_token
    const r1 = await authFetch('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: t0 }),
    })
    expect(r1.status).toBe(200)
    // Age the use of t0 instead of sleeping past the grace.
    await server.adminPool.query(
      `update auth.refresh_tokens set updated_at = now() - interval '11 seconds'
       where revoked and session_id = $1`,
      [decodeJwt(r1.json.access_token as string).session_id],
    )
    const reuse = await authFetch('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: t0 }),
    })
    expect(reuse.status).toBe(400)
    expect(reuse.json.code).toBe('refresh_token_already_used')
    const child = await authFetch('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: r1.json.refresh_token }),
    })
    expect(child.json.code).toBe('refresh_token_not_found')
  })

  it('stores only digests of refresh tokens', async () => {
    const { data } = await signedUp()
    const { rows } = await server.adminPool.query<{ n: number }>(
      'select count(*)::int as n from auth.refresh_tokens where token = $1',
      [data.session!.refresh_token],
    )
    expect(rows[0]?.n).toBe(0)
  })
})

describe('the signed-in user', () => {
  it('getUser returns the user of the access token', async () => {
    const { client, data } = await signedUp()
    const { data: me, error } = await client.auth.getUser()
    expect(error).toBeNull()
    expect(me.user?.id).toBe(data.user?.id)
    expect(me.user?.user_metadata).toEqual({ username: 'landlord_fan' })
  })

  it('GET /user without a bearer is 401 no_authorization; a forged token is 403 bad_jwt', async () => {
    const none = await authFetch('/user', { headers: { authorization: '' } })
    expect(none.status).toBe(401)
    expect(none.json.code).toBe('no_authorization')
    const forged = await authFetch('/user', {
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    })
    expect(forged.status).toBe(403)
    expect(forged.json.code).toBe('bad_jwt')
    const anonKey = await authFetch('/user', {
      headers: { authorization: `Bearer ${server.keys.anonKey}` },
    })
    expect(anonKey.status).toBe(403)
    expect(anonKey.json.code).toBe('bad_jwt')
  })

  it('updateUser merges user_metadata and changes the password', async () => {
    const { client, email } = await signedUp()
    const { data, error } = await client.auth.updateUser({
      data: { display_name: 'Bertha', username: null },
      password: 'a brand new password',
    })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toEqual({ display_name: 'Bertha' })
    const anon = server.client('anon')
    const old = await anon.auth.signInWithPassword({ email, password: PASSWORD })
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await anon.auth.signInWithPassword({ email, password: 'a brand new password' })
    expect(fresh.error).toBeNull()
    expect(decodeJwt(fresh.data.session!.access_token).user_metadata).toEqual({
      display_name: 'Bertha',
    })
  })

  it("updateUser refuses a weak password and another user's e-mail", async () => {
    const { client } = await signedUp()
    const weak = await client.auth.updateUser({ password: 'tiny' })
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError)
    const other = await signedUp()
    const taken = await client.auth.updateUser({ email: other.email })
    expect(taken.error?.status).toBe(422)
    expect(taken.error?.code).toBe('email_exists')
    const moved = await client.auth.updateUser({ email: newEmail() })
    expect(moved.error).toBeNull()
  })

  it('signOut ends the session: its refresh token then fails', async () => {
    const { client, data } = await signedUp()
    const { error } = await client.auth.signOut()
    expect(error).toBeNull()
    const after = await server
      .client('anon')
      .auth.refreshSession({ refresh_token: data.session!.refresh_token })
    expect(after.error?.code).toBe('refresh_token_not_found')
  })

  it('logout scopes: local ends one session, others the rest, global all; bad scope 400', async () => {
    const { email, data } = await signedUp()
    const signIn = () =>
      server.client('anon').auth.signInWithPassword({ email, password: PASSWORD })
    const s2 = (await signIn()).data.session!
    const s3 = (await signIn()).data.session!
    const refresh = (token: string) =>
      authFetch('/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: token }),
      })
    const logout = (scope: string, access: string) =>
      authFetch(`/logout?scope=${scope}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}` },
      })
    expect((await logout('everything', s2.access_token)).status).toBe(400)
    expect((await logout('others', s2.access_token)).status).toBe(204)
    expect((await refresh(data.session!.refresh_token)).status).toBe(400)
    expect((await refresh(s3.refresh_token)).status).toBe(400)
    const s4 = (await signIn()).data.session!
    expect((await logout('local', s2.access_token)).status).toBe(204)
    expect((await refresh(s2.refresh_token)).status).toBe(400)
    const alive = await refresh(s4.refresh_token)
    expect(alive.status).toBe(200)
    expect((await logout('global', alive.json.access_token as string)).status).toBe(204)
    expect((await refresh(alive.json.refresh_token as string)).status).toBe(400)
  })
})

describe('with the REST API', () => {
  it("a signed-in user's token works on /rest/v1 as authenticated (auth.uid() is the user)", async () => {
    const { client, data } = await signedUp()
    const { error } = await client
      .from('fan_club_signups')
      .insert({ name: 'Signed In Fan', email: data.user!.email })
    expect(error).toBeNull()
    const { data: rows, error: readError } = await client.from('fan_club_signups').select('*')
    // authenticated may SELECT, but the policy shows rows to admins only.
    expect(readError).toBeNull()
    expect(rows).toEqual([])
    // The claims REST publishes for this token make auth.uid() / auth.jwt() name the user.
    const claims = decodeJwt(data.session!.access_token) as Claims
    const who = await withTransaction(
      server.apiPool,
      async (c) =>
        (
          await c.query<{ uid: string; role: string; admin: string | null }>(
            `select auth.uid()::text as uid, auth.jwt() ->> 'role' as role,
                    auth.jwt() -> 'app_metadata' ->> 'role' as admin`,
          )
        ).rows[0],
      requestTx({ role: 'authenticated', claims, method: 'GET', path: '/', readOnly: true }),
    )
    expect(who).toEqual({ uid: data.user!.id, role: 'authenticated', admin: null })
  })

  it('the auth tables are not reachable through /rest/v1 or the API roles', async () => {
    const { client } = await signedUp()
    const viaProfile = await client.schema('auth').from('users').select('*')
    expect(viaProfile.data).toBeNull()
    expect(viaProfile.error?.code).toBe('PGRST106')
    const service = server.client('service')
    const viaService = await service.schema('auth').from('users').select('*')
    expect(viaService.error?.code).toBe('PGRST106')
    for (const role of ['anon', 'authenticated', 'service_role']) {
      for (const table of ['users', 'identities', 'sessions', 'refresh_tokens']) {
        const { rows } = await server.adminPool.query<{ ok: boolean }>(
          `select has_table_privilege($1, $2, 'select,insert,update,delete') as ok`,
          [role, `auth.${table}`],
        )
        expect(rows[0]?.ok, `${role} on auth.${table}`).toBe(false)
      }
    }
  })
})

describe('settings and health', () => {
  it('answer GoTrue shapes', async () => {
    const settings = await authFetch('/settings')
    expect(settings.status).toBe(200)
    expect(settings.json).toMatchObject({
      external: { email: true, google: false },
      disable_signup: false,
      mailer_autoconfirm: true,
    })
    const health = await authFetch('/health')
    expect(health.status).toBe(200)
    expect(health.json.name).toBe('GoTrue')
  })
})

describe('per-IP limit on sign-ups and sign-ins', () => {
  let limited: TestServer

  beforeAll(async () => {
    limited = await startTestServer({ env: { authRateLimit: 3, trustProxy: true } })
  })

  afterAll(async () => {
    await limited?.close()
  })

  it('the 4th attempt in 5 minutes from one address is 429 over_request_rate_limit; refreshes 5×', async () => {
    const fromIp = (ip: string) => limited.client('anon', { headers: { 'x-forwarded-for': ip } })
    const email = newEmail()
    const a = fromIp('198.51.100.7')
    expect((await a.auth.signUp({ email, password: PASSWORD })).error).toBeNull()
    expect((await a.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
    expect((await a.auth.signInWithPassword({ email, password: 'wrong one!' })).error?.code).toBe(
      'invalid_credentials',
    )
    const over = await a.auth.signInWithPassword({ email, password: PASSWORD })
    expect(over.error?.status).toBe(429)
    expect(over.error?.code).toBe('over_request_rate_limit')
    expect(over.error?.message).toBe('Request rate limit reached')
    const overSignUp = await a.auth.signUp({ email: newEmail(), password: PASSWORD })
    expect(overSignUp.error?.code).toBe('over_request_rate_limit')
    // Another address has its own allowance.
    const b = fromIp('198.51.100.8')
    const signedIn = await b.auth.signInWithPassword({ email, password: PASSWORD })
    expect(signedIn.error).toBeNull()
    // Refreshes have their own, five times larger allowance (Supabase: 150 vs 30).
    let token = signedIn.data.session!.refresh_token
    for (let i = 0; i < 15; i++) {
      const { data, error } = await b.auth.refreshSession({ refresh_token: token })
      expect(error).toBeNull()
      token = data.session!.refresh_token
    }
    const overRefresh = await b.auth.refreshSession({ refresh_token: token })
    expect(overRefresh.error?.status).toBe(429)
    expect(overRefresh.error?.code).toBe('over_request_rate_limit')
  })
})
