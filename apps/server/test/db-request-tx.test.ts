// The per-request transaction: role, claims and the statement timeouts Supabase gives each role,
// checked inside a real transaction on the API pool (which logs in as authenticator).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withRequestTx } from '../src/db/request-tx.js'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})

describe('withRequestTx', () => {
  it.each([
    ['anon', {}, '3s', false],
    // Every public page is an anonymous read, and none of the site's needs a second.
    ['anon', {}, '1s', true],
    // Anyone can sign up: a signed-in visitor gets no more time than an anonymous one.
    ['authenticated', {}, '3s', true],
    ['authenticated', { app_metadata: { role: 'admin' } }, '8s', false],
    ['service_role', {}, '0', true],
  ] as const)(
    'runs as %s %j with statement_timeout %s (read only: %s)',
    async (role, extra, timeout, readOnly) => {
      const row = await withRequestTx(
        server.apiPool,
        {
          role,
          claims: { role, sub: 'a3c1f3a0-1111-4222-8333-444455556666', ...extra },
          method: 'GET',
          path: '/x',
          readOnly,
        },
        async (client) =>
          (
            await client.query<{ user: string; timeout: string; sub: string | null }>(
              `select current_user as user, current_setting('statement_timeout') as timeout,
                    auth.jwt() ->> 'sub' as sub`,
            )
          ).rows[0],
      )
      expect(row).toEqual({ user: role, timeout, sub: 'a3c1f3a0-1111-4222-8333-444455556666' })
    },
  )

  it('ends the settings with the transaction', async () => {
    const client = await server.apiPool.connect()
    try {
      const { rows } = await client.query<{ user: string; timeout: string; claims: string }>(
        `select current_user as user, current_setting('statement_timeout') as timeout,
                coalesce(current_setting('request.jwt.claims', true), '') as claims`,
      )
      expect(rows[0]).toEqual({ user: 'authenticator', timeout: '0', claims: '' })
    } finally {
      client.release()
    }
  })

  it('refuses a role outside the three API roles', async () => {
    await expect(
      withRequestTx(
        server.apiPool,
        // @ts-expect-error: a role the type does not allow must also be refused at run time
        { role: 'postgres', claims: { role: 'postgres' }, method: 'GET', path: '/x' },
        async () => 1,
      ),
    ).rejects.toThrow('refusing to switch to role postgres')
  })
})
