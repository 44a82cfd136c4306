// X-Forwarded-For is believed only when TRUST_PROXY is set: otherwise anyone could dodge the
// per-IP insert limits by inventing the header. Observed through the public insert limit.
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function signUpFrom(s: TestServer, forwardedFor: string): Promise<number> {
  const { status } = await s
    .client('anon', { headers: { 'x-forwarded-for': forwardedFor } })
    .from('fan_club_signups')
    .insert({ name: 'Proxy Fan', email: `fan-${Math.random().toString(36).slice(2)}@example.com` })
  return status
}

describe('TRUST_PROXY', () => {
  it('unset: a forged X-Forwarded-For does not make a new visitor', async () => {
    server = await startTestServer({ env: { rateLimitPerMinute: 1 } })
    expect(await signUpFrom(server, '203.0.113.1')).toBe(201)
    expect(await signUpFrom(server, '203.0.113.2')).toBe(429)
  })

  it('set: each forwarded address is its own visitor', async () => {
    server = await startTestServer({ env: { rateLimitPerMinute: 1, trustProxy: true } })
    expect(await signUpFrom(server, '203.0.113.1')).toBe(201)
    expect(await signUpFrom(server, '203.0.113.2')).toBe(201)
    expect(await signUpFrom(server, '203.0.113.1')).toBe(429)
  })
})
