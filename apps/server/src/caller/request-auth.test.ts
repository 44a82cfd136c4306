// The gateway rules in isolation: which apikey is accepted, which token decides the role, and the
// exact 401 answers. Real keys signed with a real secret; nothing is mocked.
import { describe, expect, it } from 'vitest'
import { secretKey, signToken } from './jwt.js'
import {
  createRequestAuthenticator as withCallers,
  INVALID_API_KEY_BODY,
  NO_API_KEY_BODY,
  type ApiKeys,
} from './request-auth.js'
import { createVerifiedCallers } from './verified-caller.js'

const secret = secretKey('test-secret-test-secret-test-secret-0123')

async function keys(): Promise<ApiKeys> {
  return {
    jwtSecret: secret,
    anonKey: await signToken({ role: 'anon' }, secret, 3600),
    serviceRoleKey: await signToken({ role: 'service_role' }, secret, 3600),
  }
}

/** The gateway over a session check that never needs the database (no token here has a session). */
const createRequestAuthenticator = (k: ApiKeys) =>
  withCallers(k, createVerifiedCallers({ jwtSecret: k.jwtSecret, sessions: async () => null }))

describe('createRequestAuthenticator', () => {
  it('refuses a request without an apikey with Kong’s body', async () => {
    const auth = createRequestAuthenticator(await keys())
    expect(await auth({}, undefined)).toEqual({
      ok: false,
      failure: { status: 401, body: NO_API_KEY_BODY, headers: {} },
    })
  })

  it('refuses an unknown apikey, even a validly signed one', async () => {
    const k = await keys()
    const auth = createRequestAuthenticator(k)
    const other = await signToken({ role: 'anon', extra: 1 }, secret, 3600)
    expect(await auth({ apikey: other }, undefined)).toEqual({
      ok: false,
      failure: { status: 401, body: INVALID_API_KEY_BODY, headers: {} },
    })
  })

  it.each([
    ['the anon key alone', 'anon', undefined, 'anon'],
    ['the service key alone', 'service', undefined, 'service_role'],
    ['the anon key with Bearer sb_…', 'anon', 'Bearer sb_publishable_abc', 'anon'],
    ['a non-Bearer Authorization', 'service', 'Basic Zm9vOmJhcg==', 'service_role'],
  ] as const)('%s → role %s', async (_n, key, authorization, role) => {
    const k = await keys()
    const auth = createRequestAuthenticator(k)
    const apikey = key === 'anon' ? k.anonKey : k.serviceRoleKey
    const res = await auth({ apikey, authorization }, undefined)
    expect(res.ok && res.identity.role).toBe(role)
  })

  it('the apikey may come from ?apikey=', async () => {
    const k = await keys()
    const res = await createRequestAuthenticator(k)({}, k.anonKey)
    expect(res.ok && res.identity.role).toBe('anon')
  })

  it('a user token decides the role and carries its claims', async () => {
    const k = await keys()
    const token = await signToken({ role: 'authenticated', sub: 'u-1' }, secret, 3600)
    const res = await createRequestAuthenticator(k)(
      { apikey: k.anonKey, authorization: `Bearer ${token}` },
      undefined,
    )
    expect(res.ok && res.identity).toMatchObject({ role: 'authenticated', claims: { sub: 'u-1' } })
  })

  it('an expired token is PostgREST’s 401 PGRST303 with WWW-Authenticate', async () => {
    const k = await keys()
    const now = Math.floor(Date.now() / 1000)
    const token = await signToken({ role: 'authenticated' }, secret, 60, now - 3600)
    const res = await createRequestAuthenticator(k)(
      { apikey: k.anonKey, authorization: `Bearer ${token}` },
      undefined,
    )
    expect(res).toEqual({
      ok: false,
      failure: {
        status: 401,
        body: { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' },
        headers: {
          'www-authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
        },
      },
    })
  })

  it('a cached token is refused again once it expires', async () => {
    const k = await keys()
    const auth = createRequestAuthenticator(k)
    const now = Math.floor(Date.now() / 1000)
    // Valid for 2 s: accepted (and cached), then re-checked against exp on a later request.
    const token = await signToken({ role: 'authenticated' }, secret, 2, now - 1)
    const first = await auth({ apikey: k.anonKey, authorization: `Bearer ${token}` }, undefined)
    expect(first.ok).toBe(true)
    const expiredAt = (now + 1) * 1000
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiredAt - Date.now() + 50)))
    const second = await auth({ apikey: k.anonKey, authorization: `Bearer ${token}` }, undefined)
    expect(second.ok).toBe(false)
  })

  it('opaque sb_ style keys stand for their role without being parsed', async () => {
    const auth = createRequestAuthenticator({
      jwtSecret: secret,
      anonKey: 'sb_publishable_test',
      serviceRoleKey: 'sb_secret_test',
    })
    const res = await auth({ apikey: 'sb_secret_test' }, undefined)
    expect(res).toEqual({
      ok: true,
      identity: { role: 'service_role', claims: { role: 'service_role' } },
    })
  })
})
