// The Auth API's limits, counted in PostgreSQL by api_limits.take (migrations 0008 and 0010) so
// every server process shares them. Per client address the subject is the keyed hash of
// http/client-address.ts; per account a keyed hash of the lower-cased e-mail, computed the same
// way whether or not the account exists; per user the user id. A refusal is GoTrue's 429
// over_request_rate_limit with Retry-After; it rolls back with its transaction, so a refused
// attempt counts nothing.
import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Pool } from 'pg'
import { createClientHasher } from '../http/client-address.js'
import { overRequestRateLimit } from './errors.js'
import { withAuthTx, type Tx } from './store.js'

/** Sign-ups plus password sign-ins per address (AUTH_RATE_LIMIT). */
export const SIGN_IN = 'auth:sign_in'
/** Token refreshes per address (five times AUTH_RATE_LIMIT). */
export const REFRESH = 'auth:refresh'
/** Failed password checks per account, three windows that back off (5/5 min, 15/h, 40/day). */
export const FAILED_SIGN_IN = [
  'auth:failed_sign_in:5m',
  'auth:failed_sign_in:1h',
  'auth:failed_sign_in:1d',
] as const
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
}

export function limitSubjects(jwtSecret: Uint8Array): LimitSubjects {
  const hashClient = createClientHasher(jwtSecret)
  const accountKey = crypto
    .createHmac('sha256', jwtSecret)
    .update('rent-due account e-mail')
    .digest()
  return {
    client: (req) => hashClient(req.ip),
    account: (email) =>
      crypto.createHmac('sha256', accountKey).update(email).digest('base64url').slice(0, 22),
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

/** Gives back one hit in each bucket for this subject (a sign-in whose password was right). */
export async function refundLimits(
  tx: Tx,
  buckets: readonly string[],
  subject: string,
): Promise<void> {
  await tx.query('select api_limits.refund(b, $2, 1) from pg_catalog.unnest($1::text[]) as b', [
    buckets,
    subject,
  ])
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
