// The one way an API request touches the database: a transaction that switches to the caller's
// role and publishes its JWT claims, exactly as PostgREST and Supabase Storage do, so that grants
// and row level security decide what the request may see or change.
import type { Pool, PoolClient } from 'pg'
import type { Claims, DbRole } from '../auth/jwt.js'

export interface RequestContext {
  role: DbRole
  claims: Claims | { role: DbRole }
  method: string
  path: string
  /** Lower-cased request headers, published as request.headers for policies that need them. */
  headers?: Record<string, string>
  readOnly?: boolean
}

export async function withRequestTx<T>(
  pool: Pool,
  ctx: RequestContext,
  fn: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query(ctx.readOnly ? 'begin isolation level read committed read only' : 'begin')
    const claims = JSON.stringify({ ...ctx.claims, role: ctx.role })
    await client.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.jwt.claim.sub', coalesce($2::jsonb ->> 'sub', ''), true),
              set_config('request.method', $3, true),
              set_config('request.path', $4, true),
              set_config('request.headers', $5, true),
              set_config('search_path', 'public, extensions', true)`,
      [ctx.role, claims, ctx.method, ctx.path, JSON.stringify(ctx.headers ?? {})],
    )
    const result = await fn(client)
    await client.query('commit')
    return result
  } catch (e) {
    await client.query('rollback').catch(() => undefined)
    throw e
  } finally {
    client.release()
  }
}
