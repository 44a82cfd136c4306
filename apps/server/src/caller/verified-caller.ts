// Who a bearer token says the caller is, for every API (through plugin.ts): the token verified
// (HS256, cached until it expires, since the same anon key arrives on nearly every request) and,
// for REST and Storage, for a token the auth API issued (role authenticated with a session_id),
// its session checked against the database. A token whose session has ended (signed out, a new
// password, refresh-token reuse, a deleted user) is refused, and the claims carry the user's
// app_metadata as it is NOW, so an admin demoted (or promoted) by an operator has the new rights
// on the next request. The auth API asks for the signature only (signedClaims): it looks the
// session up itself, in the transaction that answers.
//
// The session answers are cached for SESSION_TTL_MS, and dropped at once when the database
// announces an ended session or a changed app_metadata (session-events.ts, migration 0013); a
// lost announcement (the listener reconnecting, another replica's change) is therefore late by
// at most SESSION_TTL_MS. Tokens without a session (the anon and service keys, tokens an operator
// signs with the secret) carry only what their signer put in them, as PostgREST reads them.
import { TokenError, verifyToken, type Claims } from './jwt.js'

/** The token of `Authorization: Bearer <token>`, as every API reads it; undefined without one. */
export function bearerToken(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const v = headers['authorization']
  const authorization = Array.isArray(v) ? v[0] : v
  return authorization ? /^bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined
}

/** How long a session's answer is trusted without asking the database again. */
export const SESSION_TTL_MS = 3000
const MAX_CACHED_TOKENS = 2000
const MAX_CACHED_SESSIONS = 5000

/** The user's app_metadata while the session lasts; null once it has ended. */
export type SessionLookup = (
  sessionId: string,
  userId: string,
) => Promise<Record<string, unknown> | null>

export const SESSION_ENDED_MESSAGE = 'Session from session_id claim in JWT does not exist'

interface SessionEntry {
  userId: string
  answer: Promise<Record<string, unknown> | null>
  at: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface VerifiedCallers {
  /** The token's own claims, verified (signature, expiry, role) but no session looked up. */
  signedClaims(token: string): Promise<Claims>
  /** The claims to run the request with; throws TokenError for a bad token or an ended session. */
  claimsFor(token: string): Promise<Claims>
  /** Forget what is known of this session (it ended). */
  sessionEnded(sessionId: string): void
  /** Forget every session of this user (their app_metadata changed). */
  userChanged(userId: string): void
  /** Forget every session (announcements may have been lost). */
  forgetSessions(): void
}

export function createVerifiedCallers(opts: {
  jwtSecret: Uint8Array
  sessions: SessionLookup
  now?: () => number
}): VerifiedCallers {
  const now = opts.now ?? Date.now
  const tokens = new Map<string, Claims>()
  const sessions = new Map<string, SessionEntry>()

  async function verified(token: string): Promise<Claims> {
    const hit = tokens.get(token)
    if (hit && (hit.exp === undefined || hit.exp > now() / 1000)) return hit
    if (hit) tokens.delete(token)
    const claims = await verifyToken(token, opts.jwtSecret)
    if (tokens.size >= MAX_CACHED_TOKENS) tokens.clear()
    tokens.set(token, claims)
    return claims
  }

  function appMetadata(sessionId: string, userId: string) {
    const entry = sessions.get(sessionId)
    if (entry && entry.userId === userId && now() - entry.at < SESSION_TTL_MS) return entry.answer
    if (sessions.size >= MAX_CACHED_SESSIONS) sessions.clear()
    const fresh: SessionEntry = { userId, at: now(), answer: opts.sessions(sessionId, userId) }
    sessions.set(sessionId, fresh)
    // A failed look-up (the database away) must be asked again, not remembered.
    fresh.answer.catch(() => {
      if (sessions.get(sessionId) === fresh) sessions.delete(sessionId)
    })
    return fresh.answer
  }

  return {
    signedClaims: verified,
    async claimsFor(token) {
      const claims = await verified(token)
      const { session_id: sessionId, sub } = claims
      if (claims.role !== 'authenticated' || sessionId === undefined) return claims
      if (typeof sessionId !== 'string' || typeof sub !== 'string') {
        throw new TokenError(SESSION_ENDED_MESSAGE, 'PGRST303')
      }
      const live = UUID.test(sessionId) && UUID.test(sub) ? await appMetadata(sessionId, sub) : null
      if (live === null) throw new TokenError(SESSION_ENDED_MESSAGE, 'PGRST303')
      return { ...claims, app_metadata: live }
    },
    sessionEnded: (sessionId) => void sessions.delete(sessionId),
    userChanged(userId) {
      for (const [id, entry] of sessions) if (entry.userId === userId) sessions.delete(id)
    },
    forgetSessions: () => sessions.clear(),
  }
}
