// Errors in PostgREST's shape ({code, details, hint, message}) and its SQLSTATE → HTTP mapping
// (PostgREST src/library/PostgREST/Error.hs), so supabase-js hands callers the same `error` object
// hosted Supabase would.
import type { DbRole } from '../caller/jwt.js'
import { ClientBusyError, DatabaseBusyError } from '../db/fair-pool.js'
import { DB_RETRY_AFTER_SECONDS } from '../db/unavailable.js'

export interface RestErrorBody {
  code: string
  details: string | null
  hint: string | null
  message: string
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  body(): RestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }
}

/** PGRST100: the query string does not parse. */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details)
}

export function invalidJson(): RestError {
  return new RestError(400, 'PGRST102', 'Empty or invalid json')
}

export function singleObjectError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  )
}

interface PgErrorLike {
  code?: unknown
  message?: unknown
  detail?: unknown
  hint?: unknown
}

function isPgError(e: unknown): e is PgErrorLike & { code: string; message: string } {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as PgErrorLike).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((e as PgErrorLike).code as string) &&
    typeof (e as PgErrorLike).message === 'string'
  )
}

/** HTTP status PostgREST gives a SQLSTATE; 42501 depends on whether the caller was anonymous. */
export function statusForSqlState(code: string, role: DbRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '23505' || code === '23503') return 409
  if (code === '42P01' || code === '42883') return 404
  if (code === '25006') return 405
  if (code === '22023') return 400
  // A statement timeout: the database could not finish in time (load, locks, a heavy filter);
  // the client may retry later. Never a 500: nothing broke.
  if (code === '57014') return 503
  if (code === 'P0001') return 400
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  // Connection/resource problems are the only 503s: clients retry those.
  if (code.startsWith('08') || code.startsWith('53') || code === '57P01') return 503
  if (/^(40|25|XX|P0)/.test(code) || code === '42P17') return 500
  return 400
}

/** Class-42 errors about what the client asked: a cast, an identity column, an on_conflict. */
const CLIENT_SYNTAX_STATES = new Set(['42501', '42846', '428C9', '42P10'])

/**
 * Whether PostgreSQL's own words for this SQLSTATE may reach the client: the ones about what the
 * client sent or may do (a value, a constraint, a permission, a cast it asked for, a limit raised
 * by our functions, a timeout, a busy or absent database). Any other error is about a statement's
 * text, which a request never writes (sql-builder.ts): its code stays, so it can be reported, but
 * its message, detail and hint are the engine's view of our SQL and stay in the log.
 */
export function tellsTheClient(code: string): boolean {
  return (
    CLIENT_SYNTAX_STATES.has(code) ||
    code === '57014' ||
    code === '57P01' ||
    /^(22|23|25|40|53|08|P0|PT)/.test(code)
  )
}

function retryAfter(hint: unknown): string {
  const m = typeof hint === 'string' ? /Try again in (\d{1,7}) seconds?/.exec(hint) : null
  return m ? (m[1] as string) : '1'
}

/** Turns anything thrown while serving a request into a RestError (unknown errors → 500). */
export function toRestError(e: unknown, role: DbRole): RestError {
  if (e instanceof RestError) return e
  if (e instanceof ClientBusyError) {
    return new RestError(
      429,
      'PT429',
      'Too many requests',
      `At most ${e.perClient} requests from one address are served at a time.`,
      `Try again in ${e.retryAfterSeconds} seconds.`,
      { 'retry-after': String(e.retryAfterSeconds) },
    )
  }
  if (e instanceof DatabaseBusyError) {
    return new RestError(
      503,
      'PGRST003',
      'Timed out acquiring connection from connection pool.',
      null,
      null,
      { 'retry-after': String(e.retryAfterSeconds) },
    )
  }
  if (isPgError(e)) {
    const status = statusForSqlState(e.code, role)
    const told = tellsTheClient(e.code)
    return new RestError(
      status,
      e.code,
      told ? e.message : 'The database could not run this request',
      told && typeof e.detail === 'string' ? e.detail : null,
      told && typeof e.hint === 'string' ? e.hint : null,
      // PostgREST invites an anonymous caller to authenticate; a limit raised in the database
      // (api_limits.enforce) says in its hint when to come back.
      status === 401
        ? { 'www-authenticate': 'Bearer' }
        : status === 429 || status === 503
          ? { 'retry-after': retryAfter(e.hint) }
          : {},
    )
  }
  return new RestError(500, 'PGRST000', 'Internal server error')
}

/** PostgREST's answer while it cannot reach the database (db/unavailable.ts decides when). */
export function databaseUnavailable(): RestError {
  return new RestError(
    503,
    'PGRST001',
    'Database client error. Retrying the connection.',
    null,
    null,
    {
      'retry-after': String(DB_RETRY_AFTER_SECONDS),
    },
  )
}
