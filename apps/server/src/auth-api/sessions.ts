// Sessions as GoTrue hands them out: an HS256 access token (1 hour) with Supabase's claims and an
// opaque refresh token that works once. Only SHA-256 digests of refresh tokens are stored; a
// child token is derived from its parent with an HMAC keyed by the JWT secret, so within the
// reuse grace the server can hand the very same child to a second tab that refreshed with the
// same parent, without ever storing a usable token.
import crypto from 'node:crypto'
import { signToken } from '../caller/jwt.js'
import { AuthError } from './errors.js'
import {
  childOf,
  createSession,
  deleteSession,
  digest,
  findRefreshToken,
  findSession,
  findUserById,
  identitiesOf,
  insertRefreshToken,
  revokeRefreshToken,
  type IdentityRow,
  type SessionRow,
  type Tx,
  type UserRow,
} from './store.js'

export const ACCESS_TOKEN_SECONDS = 3600
/** How long after a refresh its parent token still yields the same child (parallel tabs). */
export const REUSE_GRACE_SECONDS = 10

export interface SessionIssuer {
  jwtSecret: Uint8Array
  /** The `iss` claim: <public base>/auth/v1. */
  issuer: string
}

const iso = (d: Date | null) => (d === null ? undefined : d.toISOString())

export function userJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    // GoTrue's fields of a pending e-mail change (absent when none is pending).
    new_email: user.email_change ?? undefined,
    email_change_sent_at: iso(user.email_change_sent_at ?? null),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: typeof i.identity_data.email === 'string' ? i.identity_data.email : undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  }
}

export type UserJson = ReturnType<typeof userJson>

export interface SessionJson {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: UserJson
}

function newRefreshToken(): string {
  return crypto.randomBytes(24).toString('base64url')
}

function childToken(issuer: SessionIssuer, parent: string): string {
  return crypto
    .createHmac('sha256', issuer.jwtSecret)
    .update(`rent-due refresh child\u0000${parent}`)
    .digest('base64url')
    .slice(0, 32)
}

async function sessionJson(
  tx: Tx,
  issuer: SessionIssuer,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionJson> {
  const user = await findUserById(tx, session.user_id)
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  const identities = await identitiesOf(tx, user.id)
  const now = Math.floor(Date.now() / 1000)
  const accessToken = await signToken(
    {
      iss: issuer.issuer,
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: 'authenticated',
      aal: session.aal,
      amr: [{ method: session.amr_method, timestamp: Number(session.amr_timestamp) }],
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    issuer.jwtSecret,
    ACCESS_TOKEN_SECONDS,
    now,
  )
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: now + ACCESS_TOKEN_SECONDS,
    refresh_token: refreshToken,
    user: userJson(user, identities),
  }
}

/** Starts a session for a user who has just proved who they are. */
export async function startSession(
  tx: Tx,
  issuer: SessionIssuer,
  userId: string,
  amrMethod: 'password' | 'otp',
  client: { userAgent: string | undefined; ip: string },
): Promise<SessionJson> {
  const session = await createSession(tx, userId, amrMethod, client.userAgent, client.ip)
  const token = newRefreshToken()
  await insertRefreshToken(tx, digest(token), session, null)
  return sessionJson(tx, issuer, session, token)
}

export const refreshTokenNotFound = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
export const refreshTokenAlreadyUsed = () =>
  new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')

/**
 * One refresh. Returns the new session, or an error to send AFTER committing: a reused token
 * revokes its whole session, and that revocation must persist although the request fails.
 */
export async function refreshSession(
  tx: Tx,
  issuer: SessionIssuer,
  refreshToken: string,
): Promise<SessionJson | AuthError> {
  const row = await findRefreshToken(tx, digest(refreshToken))
  if (!row) return refreshTokenNotFound()
  // Locking the session serialises concurrent refreshes of it: the second sees the first's work.
  const session = await findSession(tx, row.session_id, true)
  if (!session) return refreshTokenNotFound()
  const fresh = await findRefreshToken(tx, row.token)
  if (!fresh) return refreshTokenNotFound()

  if (!fresh.revoked) {
    await revokeRefreshToken(tx, fresh.token)
    const child = childToken(issuer, refreshToken)
    await insertRefreshToken(tx, digest(child), session, fresh.token)
    return sessionJson(tx, issuer, session, child)
  }

  // Already used: within the grace, and if its child is still the live token, answer as before.
  const child = await childOf(tx, fresh.token)
  if (child && !child.revoked && fresh.seconds_since_update <= REUSE_GRACE_SECONDS) {
    const again = childToken(issuer, refreshToken)
    if (digest(again) === child.token) return sessionJson(tx, issuer, session, again)
  }
  await deleteSession(tx, session.id)
  return refreshTokenAlreadyUsed()
}
