// What every auth route gets: the pool, the session issuer, the limit subjects, the password
// strength checker and the mailer, plus the request check GoTrue makes (a valid bearer access
// token, read through the caller plugin, caller/plugin.ts, with GoTrue's own error texts).
import type { FastifyRequest } from 'fastify'
import type { Pool } from 'pg'
import { CallerRefused, type Caller } from '../caller/plugin.js'
import { AuthError } from './errors.js'
import type { LimitSubjects } from './limits.js'
import type { Mailer } from './mailer.js'
import type { MailOutbox } from './outbox.js'
import type { PasswordStrength } from './password-strength.js'
import type { RedirectAllowList } from './redirects.js'
import type { SessionIssuer } from './sessions.js'

export interface AuthContext {
  pool: Pool
  issuer: SessionIssuer
  /** Who a limit counts against: the caller's address, an account's e-mail (keyed hashes). */
  subjects: LimitSubjects
  passwords: PasswordStrength
  redirects: RedirectAllowList
  /** Undefined: no SMTP, sign-ups are confirmed at once. */
  mailer: Mailer | undefined
  /** Sign-up mails on their way (sent after the answer). */
  outbox: MailOutbox
  /** This process's REST and Storage forget what they know of a user's sessions. */
  sessionsChanged(userId: string): void
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

/** The signed-in user's claims from `Authorization: Bearer <access token>`, as GoTrue checks them. */
export async function requireUser(req: FastifyRequest): Promise<UserClaims> {
  let claims: Caller['claims']
  try {
    ;({ claims } = await req.caller())
  } catch (e) {
    if (!(e instanceof CallerRefused)) throw e
    if (e.reason === 'no-token') {
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    }
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
    throw sessionNotFound()
  }
  return { sub, session_id: sessionId }
}

export const sessionNotFound = () =>
  new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
