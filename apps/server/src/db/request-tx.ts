// The one way an API request touches the database: a transaction that switches to the caller's
// role and publishes its JWT claims, exactly as PostgREST and Supabase Storage do, so that grants
// and row level security decide what the request may see or change.
//
// BEGIN, then ONE prepared statement that makes every setting with bind parameters (the role is
// also whitelisted), pipelined into one round trip, then the request's own statement, all run by
// the one transaction helper (transaction.ts). No request text is ever part of SQL text.
import type { QueryConfig } from 'pg'
import { DB_ROLES, type Claims, type DbRole } from '../caller/jwt.js'
import type { TransactionOptions } from './transaction.js'

export interface RequestContext {
  role: DbRole
  claims: Claims | { role: DbRole }
  method: string
  path: string
  /** Lower-cased request headers, published as request.headers for policies that need them. */
  headers?: Record<string, string>
  readOnly?: boolean
  /** The keyed hash of the client's address (http/client-address.ts), for per-client limits. */
  ipHash?: string
}

export const BEGIN = 'begin'
export const BEGIN_READ_ONLY = 'begin isolation level read committed read only'

/**
 * Role settings (ALTER ROLE … SET) apply at login only, and requests switch role inside a
 * transaction, so statement timeouts are set here. A signed-in visitor gets no more time than an
 * anonymous one (anyone can sign up); only the team's admins and the service role get longer. An
 * anonymous read (every public page is one) gets a second: none of the site's reads needs it,
 * and a costly filter sent by a visitor gives its connection back sooner.
 */
export function statementTimeout(
  ctx: Pick<RequestContext, 'role' | 'claims' | 'readOnly'>,
): string {
  if (ctx.role === 'service_role') return '0'
  const appMeta = (ctx.claims as { app_metadata?: { role?: unknown } }).app_metadata
  if (ctx.role === 'authenticated' && appMeta?.role === 'admin') return '8s'
  if (ctx.role === 'anon' && ctx.readOnly === true) return '1s'
  return '3s'
}

const PRELUDE_TEXT =
  `select set_config('role', $1, true), ` +
  `set_config('request.jwt.claims', $2, true), ` +
  `set_config('request.jwt.claim.role', $1, true), ` +
  `set_config('request.jwt.claim.sub', $3, true), ` +
  `set_config('request.method', $4, true), ` +
  `set_config('request.path', $5, true), ` +
  `set_config('request.headers', $6, true), ` +
  `set_config('statement_timeout', $7, true), ` +
  `set_config('request.ip_hash', $8, true), ` +
  `set_config('search_path', 'public, extensions', true)`

/** Every per-request setting as one prepared, parametrized statement. */
export function preludeQuery(ctx: RequestContext): QueryConfig {
  if (!DB_ROLES.includes(ctx.role)) throw new Error(`refusing to switch to role ${ctx.role}`)
  const claims: Record<string, unknown> = { ...ctx.claims, role: ctx.role }
  const sub = typeof claims.sub === 'string' ? claims.sub : ''
  return {
    name: 'rd_prelude',
    text: PRELUDE_TEXT,
    values: [
      ctx.role,
      JSON.stringify(claims),
      sub,
      ctx.method,
      ctx.path,
      JSON.stringify(ctx.headers ?? {}),
      statementTimeout(ctx),
      ctx.ipHash ?? '',
    ],
  }
}

/**
 * The transaction of one API request: BEGIN and the settings (a prepared statement) sent together.
 * The API pool's clients pipeline (pools.ts), so this is one round trip, as when they were one
 * query text. The request's own statement is sent only after both have succeeded, so it never
 * runs without its role.
 */
export function requestTx(
  ctx: RequestContext,
  opts: Pick<TransactionOptions, 'rollback' | 'endInBackground'> = {},
): TransactionOptions {
  return {
    begin: ctx.readOnly ? BEGIN_READ_ONLY : BEGIN,
    prelude: [preludeQuery(ctx)],
    ...opts,
  }
}
