// The one way an API request touches the database: a transaction that switches to the caller's
// role and publishes its JWT claims, exactly as PostgREST and Supabase Storage do, so that grants
// and row level security decide what the request may see or change.
//
// BEGIN and the settings go to the server as ONE simple-protocol query (decision 032): round
// trips, not JavaScript, bound the API's throughput. The role is whitelisted; every other value
// is embedded with escapeLiteral, never concatenated raw.
import pg, { type Pool, type PoolClient } from 'pg'
import { DB_ROLES, type Claims, type DbRole } from '../auth/jwt.js'

export interface RequestContext {
  role: DbRole
  claims: Claims | { role: DbRole }
  method: string
  path: string
  /** Lower-cased request headers, published as request.headers for policies that need them. */
  headers?: Record<string, string>
  readOnly?: boolean
}

/**
 * Role settings (ALTER ROLE … SET) apply at login only, and requests switch role inside a
 * transaction, so the statement timeouts Supabase gives anon and authenticated are set here.
 */
const STATEMENT_TIMEOUT: Record<DbRole, string | null> = {
  anon: '3s',
  authenticated: '8s',
  service_role: null,
}

/** BEGIN plus every per-request setting, as one query text. */
export function requestPreludeSql(ctx: RequestContext): string {
  if (!DB_ROLES.includes(ctx.role)) throw new Error(`refusing to switch to role ${ctx.role}`)
  const claims: Record<string, unknown> = { ...ctx.claims, role: ctx.role }
  const sub = typeof claims.sub === 'string' ? claims.sub : ''
  const lit = pg.escapeLiteral
  const timeout = STATEMENT_TIMEOUT[ctx.role]
  return (
    `begin${ctx.readOnly ? ' isolation level read committed read only' : ''}; ` +
    `select set_config('role', ${lit(ctx.role)}, true), ` +
    `set_config('request.jwt.claims', ${lit(JSON.stringify(claims))}, true), ` +
    `set_config('request.jwt.claim.role', ${lit(ctx.role)}, true), ` +
    `set_config('request.jwt.claim.sub', ${lit(sub)}, true), ` +
    `set_config('request.method', ${lit(ctx.method)}, true), ` +
    `set_config('request.path', ${lit(ctx.path)}, true), ` +
    `set_config('request.headers', ${lit(JSON.stringify(ctx.headers ?? {}))}, true), ` +
    (timeout ? `set_config('statement_timeout', ${lit(timeout)}, true), ` : '') +
    `set_config('search_path', 'public, extensions', true)`
  )
}

export async function withRequestTx<T>(
  pool: Pool,
  ctx: RequestContext,
  fn: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query(requestPreludeSql(ctx))
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
