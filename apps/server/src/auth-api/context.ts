// What every auth route gets: the pool, the session issuer, the limits and the mailer, plus the
// two request checks GoTrue makes (a valid bearer access token; the caller's address).
import type { FastifyRequest } from 'fastify'
import type { Pool } from 'pg'
import { TokenError, verifyToken } from '../auth/jwt.js'
import { AuthError } from './errors.js'
import type { Mailer } from './mailer.js'
import type { AuthRateLimiter } from './rate-limit.js'
import type { RedirectAllowList } from './redirects.js'
import type { SessionIssuer } from './sessions.js'

export interface AuthContext {
  pool: Pool
  issuer: SessionIssuer
  /** Sign-ups and password sign-ins per IP. */
  limiter: AuthRateLimiter
  /** Token refreshes per IP (Supabase: 150 per 5 minutes, five times the sign-in limit). */
  refreshLimiter: AuthRateLimiter
  redirects: RedirectAllowList
  /** Undefined: no SMTP, sign-ups are confirmed at once. */
  mailer: Mailer | undefined
  /** Base of links in e-mails: PUBLIC_SUPABASE_URL or SITE_URL. */
  publicBase: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface UserClaims {
  sub: string
  session_id: string
}

export function clientInfo(req: FastifyRequest) {
  const ua = req.headers['user-agent']
  return { userAgent: Array.isArray(ua) ? ua[0] : ua, ip: req.ip }
}

export function checkRateLimit(
  ctx: AuthContext,
  req: FastifyRequest,
  limiter: AuthRateLimiter = ctx.limiter,
): void {
  if (!limiter.hit(req.ip)) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
  }
}

/** The signed-in user's claims from `Authorization: Bearer <access token>`, as GoTrue checks them. */
export async function requireUser(ctx: AuthContext, req: FastifyRequest): Promise<UserClaims> {
  const header = req.headers.authorization
  const token = header ? /^bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined
  if (token === undefined) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  }
  let claims: Record<string, unknown>
  try {
    claims = await verifyToken(token, ctx.issuer.jwtSecret)
  } catch (e) {
    if (!(e instanceof TokenError)) throw e
    const reason =
      e.message === 'JWT expired' ? 'token has invalid claims: token is expired' : e.message
    throw new AuthError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${reason}`,
    )
  }
  const { sub, session_id: sessionId } = claims
  if (typeof sub !== 'string' || sub === '' || claims.role !== 'authenticated') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  }
  if (typeof sessionId !== 'string' || !UUID.test(sessionId) || !UUID.test(sub)) {
    throw new AuthError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    )
  }
  return { sub, session_id: sessionId }
}

export const sessionNotFound = () =>
  new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
