// The Auth API's limits, counted in PostgreSQL by api_limits.take (migrations 0008, 0010, 0013)
// so every server process shares them. Per client address the subject is the keyed hash of
// http/client-address.ts; per account a keyed hash of the lower-cased e-mail, computed the same
// way whether or not the account exists; per user the user id. A refusal is GoTrue's 429
// over_request_rate_limit with Retry-After; it rolls back with its transaction, so a refused
// attempt counts nothing.
//
// Password attempts on an account (sign-in, and the current password of PUT /user) back off
// instead of locking (migration 0013): a device or address that has signed in to the account
// before is not held back at all; anyone else waits after the fifth failure, 15 s and doubling
// to at most 10 minutes, so guessing stays slow and the owner is never shut out for a day.
import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Pool } from 'pg'
import { createClientHasher } from '../http/client-address.js'
import { AuthError, overRequestRateLimit } from './errors.js'
import { withAuthTx, type Tx } from './store.js'

/** Sign-ups plus password sign-ins per address (AUTH_RATE_LIMIT). */
export const SIGN_IN = 'auth:sign_in'
/** Token refreshes per address (five times AUTH_RATE_LIMIT). */
export const REFRESH = 'auth:refresh'
/** Sign-up mails per e-mail (one a minute, five an hour): over it, no mail, the same answer. */
export const SIGNUP_MAIL = ['auth:signup_mail:1m', 'auth:signup_mail:1h'] as const
/** Sign-ups that may mail, per address. */
export const SIGNUP_MAIL_IP = 'auth:signup_mail_ip'
/** PUT /user per user and per address. */
export const USER_UPDATE = 'auth:user_update'
export const USER_UPDATE_IP = 'auth:user_update_ip'

/** Supabase's default for sign-ups plus sign-ins per IP in 5 minutes. */
export const DEFAULT_AUTH_RATE_LIMIT = 30

export interface LimitSubjects {
  /** The caller's address as a keyed hash (IPv6 by its /64). */
  client(req: FastifyRequest): string
  /** An account's e-mail (already lower-cased) as a keyed hash. */
  account(email: string): string
  /** A device cookie's value as a keyed hash. */
  device(value: string): string
}

export function limitSubjects(jwtSecret: Uint8Array): LimitSubjects {
  const hashClient = createClientHasher(jwtSecret)
  const accountKey = crypto
    .createHmac('sha256', jwtSecret)
    .update('rent-due account e-mail')
    .digest()
  const deviceKey = crypto.createHmac('sha256', jwtSecret).update('rent-due device').digest()
  return {
    client: (req) => hashClient(req.ip),
    account: (email) =>
      crypto.createHmac('sha256', accountKey).update(email).digest('base64url').slice(0, 22),
    device: (value) =>
      crypto.createHmac('sha256', deviceKey).update(value).digest('base64url').slice(0, 22),
  }
}

/**
 * Takes one hit in each (bucket, subject), in order, inside the caller's transaction; throws 429
 * at the first that is full (the transaction then rolls back the hits already taken).
 */
export async function takeLimits(
  tx: Tx,
  takes: ReadonlyArray<readonly [bucket: string, subject: string]>,
): Promise<void> {
  for (const [bucket, subject] of takes) {
    const { rows } = await tx.query<{ wait: number }>('select api_limits.take($1, $2, 1) as wait', [
      bucket,
      subject,
    ])
    const wait = rows[0]?.wait ?? 0
    if (wait > 0) throw overRequestRateLimit(wait)
  }
}

/**
 * Like takeLimits, but all or nothing and without throwing: false (and nothing counted) when one
 * of them is full. For limits whose refusal must not show in the answer.
 */
export async function tryTakeLimits(
  tx: Tx,
  takes: ReadonlyArray<readonly [bucket: string, subject: string]>,
): Promise<boolean> {
  await tx.query('savepoint try_take_limits')
  try {
    await takeLimits(tx, takes)
    await tx.query('release savepoint try_take_limits')
    return true
  } catch (e) {
    if (!(e instanceof AuthError) || e.status !== 429) throw e
    await tx.query('rollback to savepoint try_take_limits')
    return false
  }
}

/** Who is trying an account's password: the account and the devices and address it comes from. */
export interface PasswordAttempt {
  account: string
  /** 'd:<device hash>' and 'a:<address hash>' (devices.ts). */
  from: string[]
}

/**
 * Before a password is checked: nothing for a device or address that has signed in to the
 * account before; anyone else reserves a failure, or gets 429 with the seconds to wait. Returns
 * whether the attempt came from a known device or address.
 */
export async function beginPasswordAttempt(tx: Tx, attempt: PasswordAttempt): Promise<boolean> {
  const { rows } = await tx.query<{ trusted: boolean }>(
    'select api_limits.sign_in_trusted($1, $2::text[]) as trusted',
    [attempt.account, attempt.from],
  )
  if (rows[0]?.trusted) return true
  const taken = await tx.query<{ wait: number }>(
    'select api_limits.take_sign_in_attempt($1) as wait',
    [attempt.account],
  )
  const wait = taken.rows[0]?.wait ?? 0
  if (wait > 0) throw overRequestRateLimit(wait)
  return false
}

/** A right password: the reserved failure goes back. */
export async function refundPasswordAttempt(tx: Tx, attempt: PasswordAttempt): Promise<void> {
  await tx.query('select api_limits.refund_sign_in_attempt($1)', [attempt.account])
}

/** A signed-in account: its device and address are known from now on. */
export async function trustSignIn(tx: Tx, attempt: PasswordAttempt): Promise<void> {
  await tx.query('select api_limits.trust_sign_in($1, $2::text[])', [attempt.account, attempt.from])
}

/**
 * Writes AUTH_RATE_LIMIT into the rules (the auth service's only say over them), once: the
 * returned function does it on its first call and again after a failure (the database may be
 * down when the server starts; it must still start, and answer 503 until the database is back).
 */
export function authRateLimitWriter(pool: Pool, signInLimit: number): () => Promise<void> {
  let written: Promise<void> | undefined
  return () => {
    written ??= withAuthTx(pool, async (tx) => {
      await tx.query('select api_limits.set_auth_sign_in_limit($1)', [signInLimit])
    }).catch((e: unknown) => {
      written = undefined
      throw e
    })
    return written
  }
}
