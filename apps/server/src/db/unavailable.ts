// Tells "the database is not there right now" apart from every other error, so the API can answer
// 503 with Retry-After (clients retry; postgrest-js does so by itself for GET/HEAD) instead of a
// 500, while the embedded PostgreSQL restarts or a DATABASE_URL server is away. Covers what pg
// and Node report for a refused, reset or ended connection, the pool's connect timeout, and the
// SQLSTATEs of a server that is shutting down, starting up, or full.

/** What the API puts in Retry-After while the database is unavailable: about one restart. */
export const DB_RETRY_AFTER_SECONDS = 5

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
])

// SQLSTATE 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
// in recovery, shutting down), 53300 too_many_connections; class 08 is connection exceptions.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])

// pg's own messages for a connection that is gone or never came (pg 8 / pg-pool 3).
const PG_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end on the pool|Connection terminated due to connection timeout)/

function classify(err: unknown, depth: number): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || SQLSTATES.has(e.code)) return true
    if (/^08[0-9A-Z]{3}$/.test(e.code)) return true
  }
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true
  // Node's connect with several addresses (localhost: ::1 and 127.0.0.1) throws an AggregateError.
  if (Array.isArray(e.errors) && e.errors.length > 0) {
    return e.errors.every((inner) => classify(inner, depth + 1))
  }
  return e.cause !== undefined && classify(e.cause, depth + 1)
}

/** True when `err` means the database cannot be reached or is not accepting work right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return classify(err, 0)
}
