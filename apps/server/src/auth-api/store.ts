// Every SQL statement of the auth service. Each runs in a transaction on the API pool that first
// switches to supabase_auth_admin (migration 0006), the only role with rights on the auth tables:
// the service never holds a superuser connection and REST callers can never reach these tables.
import crypto from 'node:crypto'
import type { Pool, PoolClient } from 'pg'
import { withTransaction } from '../db/transaction.js'

export interface UserRow {
  id: string
  aud: string
  role: string
  email: string
  encrypted_password: string
  email_confirmed_at: Date | null
  /** SHA-256 (hex) of the mailed confirmation token. */
  confirmation_token: string | null
  confirmation_sent_at: Date | null
  last_sign_in_at: Date | null
  /** The address an e-mail change waits to confirm (migration 0011). */
  email_change: string | null
  email_change_sent_at: Date | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  is_anonymous: boolean
  created_at: Date
  updated_at: Date
}

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: Date | null
  created_at: Date
  updated_at: Date
}

export interface SessionRow {
  id: string
  user_id: string
  aal: string
  amr_method: string
  amr_timestamp: string
}

export interface SessionState extends SessionRow {
  /** Seconds since the session began with a sign-in, by the database clock. */
  seconds_since_sign_in: number
}

export interface RefreshTokenRow {
  token: string
  user_id: string
  session_id: string
  parent: string | null
  revoked: boolean
  /** Seconds since updated_at by the database clock (when a revoked token was used). */
  seconds_since_update: number
}

export type Tx = PoolClient

/** Auth's queries run as the auth admin role, on the auth schema, like GoTrue's. */
const AUTH_ROLE = `select set_config('role', 'supabase_auth_admin', true),
    set_config('search_path', 'auth', true)`

export async function withAuthTx<T>(pool: Pool, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withTransaction(pool, fn, { prelude: [AUTH_ROLE] })
}

/** Stored form of a bearer secret (refresh token, confirmation token): never the secret itself. */
export function digest(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex')
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>('select * from auth.users where email = $1', [email])
  return rows[0]
}

export async function findUserById(tx: Tx, id: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>('select * from auth.users where id = $1', [id])
  return rows[0]
}

export async function identitiesOf(tx: Tx, userId: string): Promise<IdentityRow[]> {
  const { rows } = await tx.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at',
    [userId],
  )
  return rows
}

export interface NewUser {
  email: string
  passwordHash: string
  userMetadata: Record<string, unknown>
  appMetadata: Record<string, unknown>
  confirmed: boolean
  /** The mailed confirmation token (its digest) and when it was made, when one is required. */
  confirmation?: { digest: string; sentAt: Date }
}

/** Inserts the user and its e-mail identity; undefined when the e-mail is taken. */
export async function insertUser(tx: Tx, u: NewUser): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data, raw_app_meta_data,
       email_confirmed_at, confirmation_token, confirmation_sent_at)
     values ($1, $2, $3, $4, case when $5::boolean then now() end, $6::text, $7::timestamptz)
     on conflict (email) do nothing
     returning *`,
    [
      u.email,
      u.passwordHash,
      JSON.stringify(u.userMetadata),
      JSON.stringify(u.appMetadata),
      u.confirmed,
      u.confirmation?.digest ?? null,
      u.confirmation?.sentAt.toISOString() ?? null,
    ],
  )
  const user = rows[0]
  if (!user) return undefined
  const identityData = {
    ...u.userMetadata,
    sub: user.id,
    email: user.email,
    email_verified: u.confirmed,
    phone_verified: false,
  }
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider)
     values ($1::text, $1::text::uuid, $2, 'email')`,
    [user.id, JSON.stringify(identityData)],
  )
  return user
}

/**
 * A new confirmation for a user who has not confirmed and whose last one has expired. Nothing
 * else of the account changes: a sign-up for an address someone else has claimed must never set
 * that account's password or metadata.
 */
export async function renewConfirmation(
  tx: Tx,
  userId: string,
  confirmation: { digest: string; sentAt: Date },
): Promise<void> {
  await tx.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = $3::timestamptz,
       updated_at = now()
     where id = $1 and email_confirmed_at is null`,
    [userId, confirmation.digest, confirmation.sentAt.toISOString()],
  )
}

/** Confirms the user holding this (digested) token if it is younger than maxAgeSeconds. */
export async function confirmByToken(
  tx: Tx,
  confirmationDigest: string,
  maxAgeSeconds: number,
): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users set email_confirmed_at = now(), confirmation_token = null, updated_at = now()
     where confirmation_token = $1 and confirmation_sent_at > now() - make_interval(secs => $2)
     returning *`,
    [confirmationDigest, maxAgeSeconds],
  )
  const user = rows[0]
  if (user) {
    await tx.query(
      `update auth.identities
       set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [user.id],
    )
  }
  return user
}

export async function createSession(
  tx: Tx,
  userId: string,
  amrMethod: string,
  userAgent: string | undefined,
  ip: string,
): Promise<SessionRow> {
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (user_id, amr_method, amr_timestamp, user_agent, ip)
     values ($1, $2, extract(epoch from now())::bigint, $3, $4)
     returning id, user_id, aal, amr_method, amr_timestamp`,
    [userId, amrMethod, userAgent?.slice(0, 512) ?? null, ip],
  )
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId])
  await tx.query(
    `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  )
  return rows[0] as SessionRow
}

const FIND_SESSION = `select id, user_id, aal, amr_method, amr_timestamp,
       (extract(epoch from now()) - amr_timestamp)::float8 as seconds_since_sign_in
  from auth.sessions where id = $1`
const FIND_SESSION_FOR_UPDATE = `select id, user_id, aal, amr_method, amr_timestamp,
       (extract(epoch from now()) - amr_timestamp)::float8 as seconds_since_sign_in
  from auth.sessions where id = $1 for update`

export async function findSession(
  tx: Tx,
  id: string,
  lock = false,
): Promise<SessionState | undefined> {
  const { rows } = await tx.query<SessionState>(lock ? FIND_SESSION_FOR_UPDATE : FIND_SESSION, [id])
  return rows[0]
}

export async function insertRefreshToken(
  tx: Tx,
  tokenDigest: string,
  session: SessionRow,
  parentDigest: string | null,
): Promise<void> {
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`,
    [tokenDigest, session.user_id, session.id, parentDigest],
  )
}

export async function findRefreshToken(
  tx: Tx,
  tokenDigest: string,
): Promise<RefreshTokenRow | undefined> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select token, user_id, session_id, parent, revoked,
            extract(epoch from now() - updated_at)::float8 as seconds_since_update
     from auth.refresh_tokens where token = $1`,
    [tokenDigest],
  )
  return rows[0]
}

export async function childOf(tx: Tx, tokenDigest: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select token, user_id, session_id, parent, revoked,
            extract(epoch from now() - updated_at)::float8 as seconds_since_update
     from auth.refresh_tokens where parent = $1`,
    [tokenDigest],
  )
  return rows[0]
}

/** Marks a token used (its updated_at then dates the use, for the reuse grace). */
export async function revokeRefreshToken(tx: Tx, tokenDigest: string): Promise<void> {
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`,
    [tokenDigest],
  )
  await tx.query(
    `update auth.sessions set refreshed_at = now(), updated_at = now()
     where id = (select session_id from auth.refresh_tokens where token = $1)`,
    [tokenDigest],
  )
}

/** Ends sessions (their refresh tokens go with them: on delete cascade). */
export async function deleteSessions(
  tx: Tx,
  userId: string,
  scope: 'global' | 'local' | 'others',
  sessionId: string,
): Promise<void> {
  // One static statement for the three scopes: $2 is the caller's own session.
  await tx.query(
    `delete from auth.sessions
     where user_id = $1
       and case $3 when 'local' then id = $2 when 'others' then id <> $2 else true end`,
    [userId, sessionId, scope],
  )
}

export async function deleteSession(tx: Tx, sessionId: string): Promise<void> {
  await tx.query('delete from auth.sessions where id = $1', [sessionId])
}

export interface UserChanges {
  email?: string
  passwordHash?: string
  userMetadata?: Record<string, unknown>
}

/** Applies PUT /user changes; undefined when the new e-mail belongs to someone else. */
export async function updateUser(
  tx: Tx,
  userId: string,
  c: UserChanges,
): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users set
       email = coalesce($2, email),
       encrypted_password = coalesce($3, encrypted_password),
       raw_user_meta_data = coalesce($4::jsonb, raw_user_meta_data),
       updated_at = now()
     where id = $1 and ($2::text is null or not exists (
       select from auth.users other where other.email = $2 and other.id <> $1))
     returning *`,
    [
      userId,
      c.email ?? null,
      c.passwordHash ?? null,
      c.userMetadata ? JSON.stringify(c.userMetadata) : null,
    ],
  )
  const user = rows[0]
  if (user && (c.email !== undefined || c.userMetadata !== undefined)) {
    await tx.query(
      `update auth.identities
       set identity_data = identity_data || $2::jsonb || jsonb_build_object('email', $3::text),
           updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [userId, JSON.stringify(c.userMetadata ?? {}), user.email],
    )
  }
  return user
}

/**
 * Records an e-mail change waiting for the link mailed to the new address; undefined when that
 * address belongs to another user.
 */
export async function requestEmailChange(
  tx: Tx,
  userId: string,
  newEmail: string,
  tokenDigest: string,
): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users set email_change = $2, email_change_token_new = $3,
       email_change_sent_at = now(), updated_at = now()
     where id = $1 and not exists (
       select from auth.users other where other.email = $2 and other.id <> $1)
     returning *`,
    [userId, newEmail, tokenDigest],
  )
  return rows[0]
}

/**
 * Completes the e-mail change whose (digested) token is younger than maxAgeSeconds, unless its
 * address has been taken meanwhile; undefined when nothing was changed.
 */
export async function confirmEmailChange(
  tx: Tx,
  tokenDigest: string,
  maxAgeSeconds: number,
): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users u set email = u.email_change, email_change = null,
       email_change_token_new = null, email_change_sent_at = null, updated_at = now()
     where u.email_change_token_new = $1
       and u.email_change_sent_at > now() - make_interval(secs => $2)
       and not exists (select from auth.users other where other.email = u.email_change)
     returning *`,
    [tokenDigest, maxAgeSeconds],
  )
  const user = rows[0]
  if (user) {
    await tx.query(
      `update auth.identities
       set identity_data = identity_data || jsonb_build_object('email', $2::text,
             'email_verified', true),
           updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [user.id, user.email],
    )
  }
  return user
}
