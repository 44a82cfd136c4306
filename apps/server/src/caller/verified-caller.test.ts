// The session check in isolation, with a session table of the test's own (the database side is
// tested through the real server in api-hardening.test.ts): which tokens are looked up, what an
// ended session answers, and how long an answer is trusted.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { secretKey, signToken, TokenError } from './jwt.js'
import { createVerifiedCallers, SESSION_ENDED_MESSAGE, SESSION_TTL_MS } from './verified-caller.js'

const secret = secretKey('test-secret-test-secret-test-secret-0123')

function setUp() {
  let clock = 1_000_000
  const live = new Map<string, Record<string, unknown>>()
  const asked: string[] = []
  const callers = createVerifiedCallers({
    jwtSecret: secret,
    now: () => clock,
    sessions: async (sessionId) => {
      asked.push(sessionId)
      return live.get(sessionId) ?? null
    },
  })
  return { callers, live, asked, advance: (ms: number) => (clock += ms) }
}

const userToken = (sessionId: string, appMetadata: Record<string, unknown> = {}) =>
  signToken(
    {
      role: 'authenticated',
      sub: crypto.randomUUID(),
      session_id: sessionId,
      app_metadata: appMetadata,
    },
    secret,
    3600,
  )

describe('createVerifiedCallers', () => {
  it('tokens without a session (the keys, operator tokens) are never looked up', async () => {
    const { callers, asked } = setUp()
    const anon = await signToken({ role: 'anon' }, secret, 3600)
    const operator = await signToken({ role: 'authenticated', sub: 'x' }, secret, 3600)
    expect((await callers.claimsFor(anon)).role).toBe('anon')
    expect((await callers.claimsFor(operator)).sub).toBe('x')
    expect(asked).toEqual([])
  })

  it('a live session runs with the app_metadata of now, not the one in the token', async () => {
    const { callers, live } = setUp()
    const id = crypto.randomUUID()
    live.set(id, { provider: 'email' })
    const token = await userToken(id, { provider: 'email', role: 'admin' })
    expect((await callers.claimsFor(token)).app_metadata).toEqual({ provider: 'email' })
  })

  it('an ended session is refused with PGRST303', async () => {
    const { callers } = setUp()
    const token = await userToken(crypto.randomUUID())
    const refusal = await callers.claimsFor(token).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(TokenError)
    expect(refusal).toMatchObject({ code: 'PGRST303', message: SESSION_ENDED_MESSAGE })
  })

  it('an answer is trusted for SESSION_TTL_MS, or until the session is announced ended', async () => {
    const { callers, live, asked, advance } = setUp()
    const id = crypto.randomUUID()
    live.set(id, {})
    const token = await userToken(id)
    await callers.claimsFor(token)
    await callers.claimsFor(token)
    expect(asked).toEqual([id])
    live.delete(id)
    advance(SESSION_TTL_MS - 1)
    await expect(callers.claimsFor(token)).resolves.toBeTruthy()
    advance(1)
    await expect(callers.claimsFor(token)).rejects.toThrow(SESSION_ENDED_MESSAGE)

    const other = crypto.randomUUID()
    live.set(other, {})
    const second = await userToken(other)
    await callers.claimsFor(second)
    live.delete(other)
    callers.sessionEnded(other)
    await expect(callers.claimsFor(second)).rejects.toThrow(SESSION_ENDED_MESSAGE)
  })

  it('a change of the user drops all of their sessions’ answers', async () => {
    const { callers, live } = setUp()
    const id = crypto.randomUUID()
    live.set(id, { role: 'admin' })
    const token = await userToken(id)
    const sub = (await callers.claimsFor(token)).sub as string
    live.set(id, {})
    callers.userChanged(sub)
    expect((await callers.claimsFor(token)).app_metadata).toEqual({})
  })

  it('a failed look-up is asked again on the next request, not remembered', async () => {
    let fail = true
    const callers = createVerifiedCallers({
      jwtSecret: secret,
      sessions: async () => {
        if (fail) throw new Error('database away')
        return {}
      },
    })
    const token = await userToken(crypto.randomUUID())
    await expect(callers.claimsFor(token)).rejects.toThrow('database away')
    fail = false
    await expect(callers.claimsFor(token)).resolves.toBeTruthy()
  })
})
