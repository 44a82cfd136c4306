// The caller plugin in isolation: one resolution per request however often a request asks, and
// each API's rule for which credential counts (the gateway's keys, Storage's fallbacks, the auth
// API's bearer token). Real keys signed with a real secret over a small Fastify app; the session
// table is the test's own (the database side is tested through the real server).
import crypto from 'node:crypto'
import Fastify from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { secretKey, signToken } from './jwt.js'
import {
  bearerCredential,
  CallerRefused,
  callerPlugin,
  gatewayCredential,
  storageCredential,
  type ApiKeys,
  type CredentialRule,
} from './plugin.js'
import {
  createVerifiedCallers,
  SESSION_ENDED_MESSAGE,
  type VerifiedCallers,
} from './verified-caller.js'

const secret = secretKey('test-secret-test-secret-test-secret-0123')

async function keys(): Promise<ApiKeys> {
  return {
    jwtSecret: secret,
    anonKey: await signToken({ role: 'anon' }, secret, 3600),
    serviceRoleKey: await signToken({ role: 'service_role' }, secret, 3600),
  }
}

/** A verifier whose only live session is `live`, counting what it is asked. */
function countingCallers(live?: string) {
  const asked = { claimsFor: 0, signedClaims: 0, sessions: 0 }
  const inner = createVerifiedCallers({
    jwtSecret: secret,
    sessions: async (sessionId) => {
      asked.sessions++
      return sessionId === live ? { provider: 'email' } : null
    },
  })
  const callers: VerifiedCallers = {
    ...inner,
    claimsFor: (token) => (asked.claimsFor++, inner.claimsFor(token)),
    signedClaims: (token) => (asked.signedClaims++, inner.signedClaims(token)),
  }
  return { callers, asked }
}

/** An app whose route answers its caller (or the refusal), asking for it `times` times. */
async function appWith(rule: CredentialRule, callers: VerifiedCallers, times = 1) {
  const app = Fastify({ logger: false })
  await app.register(callerPlugin, { callers, rule })
  app.get('/who', async (req) => {
    try {
      const answers = await Promise.all(Array.from({ length: times }, () => req.caller()))
      return { role: answers[0]?.role, claims: answers[0]?.claims, same: new Set(answers).size }
    } catch (e) {
      if (!(e instanceof CallerRefused)) throw e
      return { refused: e.reason, message: e.message, code: e.code ?? null }
    }
  })
  return app
}

async function ask(app: Awaited<ReturnType<typeof appWith>>, headers = {}, url = '/who') {
  return (await app.inject({ method: 'GET', url, headers })).json<Record<string, unknown>>()
}

const userToken = (sessionId: string, expiresIn = 3600, now?: number) =>
  signToken(
    { role: 'authenticated', sub: crypto.randomUUID(), session_id: sessionId },
    secret,
    expiresIn,
    now,
  )

describe('callerPlugin', () => {
  it('resolves the caller once per request, however often the request asks', async () => {
    const session = crypto.randomUUID()
    const { callers, asked } = countingCallers(session)
    const k = await keys()
    const app = await appWith(gatewayCredential(k), callers, 3)
    const token = await userToken(session)
    const headers = { apikey: k.anonKey, authorization: `Bearer ${token}` }
    expect(await ask(app, headers)).toMatchObject({ role: 'authenticated', same: 1 })
    expect(asked.claimsFor).toBe(1)
    // A second request asks again (the session answer itself is the verifier's to cache).
    expect(await ask(app, headers)).toMatchObject({ role: 'authenticated', same: 1 })
    expect(asked.claimsFor).toBe(2)
  })

  it('a request that never asks costs nothing', async () => {
    const { callers, asked } = countingCallers()
    const app = Fastify({ logger: false })
    await app.register(callerPlugin, { callers, rule: storageCredential })
    app.get('/public', async () => 'ok')
    const token = await userToken(crypto.randomUUID())
    await app.inject({ url: '/public', headers: { authorization: `Bearer ${token}` } })
    expect(asked).toEqual({ claimsFor: 0, signedClaims: 0, sessions: 0 })
  })

  it('each API registers its own rule in its own scope', async () => {
    const { callers } = countingCallers()
    const k = await keys()
    const app = Fastify({ logger: false })
    for (const [prefix, rule] of [
      ['/rest', gatewayCredential(k)],
      ['/storage', storageCredential],
    ] as const) {
      await app.register(
        async (api) => {
          await api.register(callerPlugin, { callers, rule })
          api.get('/who', (req) =>
            req.caller().catch((e: CallerRefused) => ({ refused: e.reason })),
          )
        },
        { prefix },
      )
    }
    const rest = await app.inject({ url: '/rest/who' })
    const storage = await app.inject({ url: '/storage/who' })
    expect(rest.json()).toEqual({ refused: 'no-api-key' })
    expect(storage.json()).toEqual({ role: 'anon', claims: { role: 'anon' } })
  })
})

describe('gatewayCredential (REST)', () => {
  const gateway = async (k: ApiKeys) => appWith(gatewayCredential(k), countingCallers().callers)

  it('refuses a request without an apikey, and an unknown apikey even if validly signed', async () => {
    const k = await keys()
    const app = await gateway(k)
    expect(await ask(app)).toEqual({
      refused: 'no-api-key',
      message: 'No API key found in request',
      code: null,
    })
    const other = await signToken({ role: 'anon', extra: 1 }, secret, 3600)
    expect(await ask(app, { apikey: other })).toEqual({
      refused: 'invalid-api-key',
      message: 'Invalid API key',
      code: null,
    })
  })

  it.each([
    ['the anon key alone', 'anon', undefined, 'anon'],
    ['the service key alone', 'service', undefined, 'service_role'],
    ['the anon key with Bearer sb_…', 'anon', 'Bearer sb_publishable_abc', 'anon'],
    ['a non-Bearer Authorization', 'service', 'Basic Zm9vOmJhcg==', 'service_role'],
  ] as const)('%s → role %s', async (_n, key, authorization, role) => {
    const k = await keys()
    const apikey = key === 'anon' ? k.anonKey : k.serviceRoleKey
    const headers = authorization === undefined ? { apikey } : { apikey, authorization }
    expect((await ask(await gateway(k), headers)).role).toBe(role)
  })

  it('the apikey may come from ?apikey=', async () => {
    const k = await keys()
    expect((await ask(await gateway(k), {}, `/who?apikey=${k.anonKey}`)).role).toBe('anon')
  })

  it('a user token decides the role and carries its claims, with its session’s app_metadata', async () => {
    const k = await keys()
    const session = crypto.randomUUID()
    const app = await appWith(gatewayCredential(k), countingCallers(session).callers)
    const res = await ask(app, {
      apikey: k.anonKey,
      authorization: `Bearer ${await userToken(session)}`,
    })
    expect(res).toMatchObject({
      role: 'authenticated',
      claims: { session_id: session, app_metadata: { provider: 'email' } },
    })
  })

  it('an expired token and an ended session are refused with PostgREST’s code', async () => {
    const k = await keys()
    const app = await gateway(k)
    const now = Math.floor(Date.now() / 1000)
    const expired = await userToken(crypto.randomUUID(), 60, now - 3600)
    expect(await ask(app, { apikey: k.anonKey, authorization: `Bearer ${expired}` })).toEqual({
      refused: 'bad-token',
      message: 'JWT expired',
      code: 'PGRST303',
    })
    const ended = await userToken(crypto.randomUUID())
    expect(await ask(app, { apikey: k.anonKey, authorization: `Bearer ${ended}` })).toEqual({
      refused: 'bad-token',
      message: SESSION_ENDED_MESSAGE,
      code: 'PGRST303',
    })
  })

  it('a cached token is refused again once it expires', async () => {
    const k = await keys()
    const app = await appWith(gatewayCredential(k), countingCallers().callers)
    // Valid for 2 s (at least 1 s from now), no session: accepted and cached, then asked again
    // until its exp has passed, when the cached claims must be refused.
    const token = await signToken({ role: 'authenticated' }, secret, 2)
    const headers = { apikey: k.anonKey, authorization: `Bearer ${token}` }
    expect((await ask(app, headers)).role).toBe('authenticated')
    await vi.waitFor(async () => expect((await ask(app, headers)).refused).toBe('bad-token'), {
      timeout: 5000,
      interval: 100,
    })
  })

  it('opaque sb_ style keys stand for their role without being parsed', async () => {
    const app = await gateway({
      jwtSecret: secret,
      anonKey: 'sb_publishable_test',
      serviceRoleKey: 'sb_secret_test',
    })
    expect(await ask(app, { apikey: 'sb_secret_test' })).toEqual({
      role: 'service_role',
      claims: { role: 'service_role' },
      same: 1,
    })
  })
})

describe('storageCredential', () => {
  it('no token, an empty apikey or a publishable key is anon; the apikey stands in for a bearer', async () => {
    const k = await keys()
    const app = await appWith(storageCredential, countingCallers().callers)
    for (const headers of [{}, { apikey: '' }, { apikey: 'sb_publishable_x' }]) {
      expect((await ask(app, headers)).role).toBe('anon')
    }
    expect((await ask(app, { apikey: k.serviceRoleKey })).role).toBe('service_role')
    const res = await ask(app, {
      apikey: k.anonKey,
      authorization: `Bearer ${await userToken(crypto.randomUUID())}`,
    })
    expect(res).toEqual({ refused: 'bad-token', message: SESSION_ENDED_MESSAGE, code: 'PGRST303' })
  })
})

describe('bearerCredential (the auth API)', () => {
  it('needs a bearer token and checks its signature, not its session', async () => {
    const { callers, asked } = countingCallers()
    const app = await appWith(bearerCredential, callers)
    expect((await ask(app)).refused).toBe('no-token')
    const session = crypto.randomUUID()
    const res = await ask(app, { authorization: `Bearer ${await userToken(session)}` })
    expect(res).toMatchObject({ role: 'authenticated', claims: { session_id: session } })
    expect(asked.sessions).toBe(0)
    const forged = await signToken({ role: 'authenticated' }, secretKey('x'.repeat(40)), 60)
    expect(await ask(app, { authorization: `Bearer ${forged}` })).toEqual({
      refused: 'bad-token',
      message: 'JWT cryptographic operation failed',
      code: 'PGRST301',
    })
  })
})
