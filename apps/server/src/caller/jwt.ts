// Signing and verifying the HS256 tokens every API path trusts. The algorithm is pinned: a token
// that names another algorithm (or "none") is refused before its claims are read.
import { SignJWT, jwtVerify, errors } from 'jose'

export type DbRole = 'anon' | 'authenticated' | 'service_role'
export const DB_ROLES: readonly DbRole[] = ['anon', 'authenticated', 'service_role']

export type Claims = Record<string, unknown> & { role: DbRole; sub?: string; exp?: number }

export class TokenError extends Error {
  constructor(
    message: string,
    /** PostgREST's code for this failure: PGRST301 (undecodable) or PGRST303 (claims invalid). */
    readonly code: 'PGRST301' | 'PGRST303',
  ) {
    super(message)
  }
}

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret)
}

export async function signToken(
  claims: Record<string, unknown>,
  secret: Uint8Array,
  expiresInSeconds: number,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(secret)
}

/** Verifies a bearer token and returns its claims; the role must be one of the three API roles. */
export async function verifyToken(token: string, secret: Uint8Array): Promise<Claims> {
  const parts = token.split('.')
  if (parts.length !== 3) {
    throw new TokenError(`Expected 3 parts in JWT; got ${parts.length}`, 'PGRST301')
  }
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] }))
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw new TokenError('JWT expired', 'PGRST303')
    if (e instanceof errors.JWTClaimValidationFailed) throw new TokenError(e.message, 'PGRST303')
    throw new TokenError('JWT cryptographic operation failed', 'PGRST301')
  }
  const role = payload.role
  if (typeof role !== 'string' || !(DB_ROLES as readonly string[]).includes(role)) {
    throw new TokenError('JWT role is not allowed', 'PGRST303')
  }
  return payload as Claims
}
