// One caller plugin (src/caller/plugin.ts), three APIs' answers: the same bad or ended token is
// PostgREST's 401, Storage's AccessDenied and GoTrue's 401/403 with their exact bodies, and
// signing out of a session that has already ended still answers 204.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secretKey, signToken } from '../src/caller/jwt.js'
import { authFetch, newEmail } from './support/auth-client.js'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const ENDED = 'Session from session_id claim in JWT does not exist'

/** The token on REST, Storage and GET /auth/v1/user, status and body each. */
async function everyApi(token: string) {
  // auth-js's version header: GoTrue's errors in their current shape.
  const headers = {
    apikey: server.keys.anonKey,
    authorization: `Bearer ${token}`,
    'x-supabase-api-version': '2024-01-01',
  }
  const answer = async (res: Response) => ({
    status: res.status,
    json: (await res.json()) as unknown,
    wwwAuthenticate: res.headers.get('www-authenticate'),
  })
  return {
    rest: await answer(await fetch(`${server.url}/rest/v1/news?select=id`, { headers })),
    storage: await answer(await fetch(`${server.url}/storage/v1/bucket`, { headers })),
    auth: await answer(await fetch(`${server.url}/auth/v1/user`, { headers })),
  }
}

const restRefusal = (code: string, message: string) => ({
  status: 401,
  json: { code, details: null, hint: null, message },
  wwwAuthenticate: `Bearer error="invalid_token", error_description="${message}"`,
})
const storageRefusal = (message: string) => ({
  status: 400,
  json: { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message },
  wwwAuthenticate: null,
})
const authRefusal = (status: number, code: string, message: string) => ({
  status,
  json: { code, message },
  wwwAuthenticate: null,
})

describe('one caller plugin, each API’s own refusal', () => {
  it('a forged token', async () => {
    const forged = await signToken({ role: 'authenticated' }, secretKey('x'.repeat(40)), 60)
    const message = 'JWT cryptographic operation failed'
    expect(await everyApi(forged)).toEqual({
      rest: restRefusal('PGRST301', message),
      storage: storageRefusal(message),
      auth: authRefusal(
        403,
        'bad_jwt',
        `invalid JWT: unable to parse or verify signature, ${message}`,
      ),
    })
  })

  it('an expired token', async () => {
    const now = Math.floor(Date.now() / 1000)
    const expired = await signToken({ role: 'authenticated' }, server.keys.jwtSecret, 60, now - 600)
    expect(await everyApi(expired)).toEqual({
      rest: restRefusal('PGRST303', 'JWT expired'),
      storage: storageRefusal('JWT expired'),
      auth: authRefusal(
        403,
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
      ),
    })
  })

  it('the token of a session that has ended; signing out of it again still answers 204', async () => {
    const signUp = await authFetch(server, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: newEmail(), password: 'rent is due again' }),
    })
    expect(signUp.status).toBe(200)
    const token = signUp.json.access_token as string
    const alive = await everyApi(token)
    expect([alive.rest.status, alive.storage.status, alive.auth.status]).toEqual([200, 200, 200])

    const logout = () =>
      authFetch(server, '/logout?scope=local', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
    expect((await logout()).status).toBe(204)
    expect(await everyApi(token)).toEqual({
      rest: restRefusal('PGRST303', ENDED),
      storage: storageRefusal(ENDED),
      auth: authRefusal(403, 'session_not_found', ENDED),
    })
    expect((await logout()).status).toBe(204)
  })

  it('no token: REST and Storage answer as anon; the auth API asks for one', async () => {
    const res = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.keys.anonKey, 'x-supabase-api-version': '2024-01-01' },
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    })
    const rest = await fetch(`${server.url}/rest/v1/news?select=id&limit=1`, {
      headers: { apikey: server.keys.anonKey },
    })
    expect(rest.status).toBe(200)
    const storage = await fetch(`${server.url}/storage/v1/bucket`)
    expect(storage.status).toBe(200)
  })
})
