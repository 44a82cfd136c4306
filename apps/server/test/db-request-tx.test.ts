// The per-request transaction: role, claims and the statement timeouts Supabase gives each role,
// checked inside a real transaction on the API pool (which logs in as authenticator).
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { requestTx } from '../src/db/request-tx.js'
import { withTransaction } from '../src/db/transaction.js'
import { startTestServer, withDatabase, type TestServer } from './support/test-server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})

describe('requestTx', () => {
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
      const row = await withTransaction(
        server.apiPool,
        async (client) =>
          (
            await client.query<{ user: string; timeout: string; sub: string | null }>(
              `select current_user as user, current_setting('statement_timeout') as timeout,
                    auth.jwt() ->> 'sub' as sub`,
            )
          ).rows[0],
        requestTx({
          role,
          claims: { role, sub: 'a3c1f3a0-1111-4222-8333-444455556666', ...extra },
          method: 'GET',
          path: '/x',
          readOnly,
        }),
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
      (async () =>
        withTransaction(
          server.apiPool,
          async () => 1,
          // @ts-expect-error: a role the type does not allow must also be refused at run time
          requestTx({ role: 'postgres', claims: { role: 'postgres' }, method: 'GET', path: '/x' }),
        ))(),
    ).rejects.toThrow('refusing to switch to role postgres')
  })
})

describe('withTransaction', () => {
  // A pool of its own, so its connection count says exactly what happened to each connection.
  let pool: pg.Pool
  beforeAll(() => {
    pool = new pg.Pool({
      connectionString: withDatabase(inject('adminUrl'), server.databaseName),
      max: 2,
    })
    // A terminated backend is reported as an error event too; what matters here is the pool.
    pool.on('error', () => undefined)
    pool.on('connect', (client) => client.on('error', () => undefined))
  })
  afterAll(async () => {
    await pool.end()
  })

  const backendPid = async (client: pg.PoolClient) =>
    (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
  // Returns once the backend has exited (or fails after 5 s).
  const terminate = (pid: number) =>
    server.adminPool.query('select pg_terminate_backend($1, 5000)', [pid])

  it('does not give a connection whose backend was terminated back to the pool', async () => {
    let pid = 0
    const failure = await withTransaction(pool, async (client) => {
      pid = await backendPid(client)
      await terminate(pid)
      await client.query('select 1')
    }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(Error)
    expect(pool.totalCount).toBe(0)
    // The next transaction gets a new, working connection.
    const next = await withTransaction(pool, backendPid)
    expect(next).not.toBe(pid)
    expect(pool.totalCount).toBe(1)
  })

  it('does not give a connection back when its COMMIT got no answer', async () => {
    // The client stops waiting (query_timeout) while the server is still committing: the socket
    // is open and pg's pool alone would lend the connection out again, mid-COMMIT.
    const impatient = new pg.Pool({
      connectionString: withDatabase(inject('adminUrl'), server.databaseName),
      max: 1,
      query_timeout: 300,
    })
    impatient.on('error', () => undefined)
    try {
      let pid = 0
      const failure = await withTransaction(impatient, async (client) => {
        pid = await backendPid(client)
        await client.query(`create temp table slow_commit (id int) on commit drop`)
        await client.query(`create function pg_temp.wait_a_moment() returns trigger
          language plpgsql as $$ begin perform pg_sleep(2); return null; end $$`)
        await client.query(`create constraint trigger slow after insert on slow_commit
          deferrable initially deferred for each row execute function pg_temp.wait_a_moment()`)
        await client.query('insert into slow_commit values (1)')
      }).catch((e: unknown) => e)
      expect(failure).toEqual(new Error('Query read timeout'))
      expect(impatient.totalCount).toBe(0)
      const next = await impatient.connect()
      try {
        expect(await backendPid(next)).not.toBe(pid)
      } finally {
        next.release()
      }
    } finally {
      await impatient.end()
    }
  })

  it('keeps a healthy connection after the work failed or the COMMIT was refused', async () => {
    const pid = await withTransaction(pool, backendPid)
    await expect(withTransaction(pool, (client) => client.query('select 1/0'))).rejects.toThrow(
      'division by zero',
    )
    // A deferred check that fails at COMMIT: the server answered, the session is clean.
    await expect(
      withTransaction(pool, async (client) => {
        await client.query(
          `create temp table t (id int primary key deferrable initially deferred) on commit drop`,
        )
        await client.query('insert into t values (1), (1)')
      }),
    ).rejects.toThrow('duplicate key')
    expect(await withTransaction(pool, backendPid)).toBe(pid)
    expect(pool.totalCount).toBe(1)
  })

  it('ends with ROLLBACK when asked, leaving nothing behind', async () => {
    const made = await withTransaction(
      pool,
      async (client) => {
        await client.query('create table rollback_probe (id int)')
        return (await client.query(`select to_regclass('rollback_probe') is not null as made`))
          .rows[0].made
      },
      { rollback: true },
    )
    expect(made).toBe(true)
    const { rows } = await server.adminPool.query(
      `select to_regclass('rollback_probe') is null as gone`,
    )
    expect(rows[0]).toEqual({ gone: true })
  })
})
