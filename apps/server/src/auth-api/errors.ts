// GoTrue's error answers. auth-js reads `code` only when the response carries
// X-Supabase-Api-Version ≥ 2024-01-01 (docs/api-coverage.md#tokens-passwords-errors-limits), so
// every auth response sends that header; a caller that did not ask for the versioned API gets
// GoTrue's legacy body instead.
import type { FastifyReply, FastifyRequest } from 'fastify'

export const API_VERSION = '2024-01-01'

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level body fields (weak_password). */
    readonly extra: Record<string, unknown> = {},
    /** Extra response headers (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

/** GoTrue's 429, with the seconds until the window that refused it ends. */
export const overRequestRateLimit = (retryAfterSeconds: number) =>
  new AuthError(
    429,
    'over_request_rate_limit',
    'Request rate limit reached',
    {},
    { 'retry-after': String(retryAfterSeconds) },
  )

export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials')

export const validationFailed = (message: string) =>
  new AuthError(400, 'validation_failed', message)

function wantsVersionedErrors(req: FastifyRequest): boolean {
  const v = req.headers['x-supabase-api-version']
  const value = Array.isArray(v) ? v[0] : v
  return value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= API_VERSION
}

export function sendAuthError(req: FastifyRequest, reply: FastifyReply, err: AuthError) {
  const body = wantsVersionedErrors(req)
    ? { code: err.code, message: err.message, ...err.extra }
    : { code: err.status, error_code: err.code, msg: err.message, ...err.extra }
  return reply
    .code(err.status)
    .headers(err.headers)
    .header('x-sb-error-code', err.code)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(body))
}
