// Password rules and hashing: argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane).
// Unknown e-mails are checked against a fixed dummy hash so a sign-in takes as long whether or not
// the account exists.
import { hash, verify, type Algorithm } from '@node-rs/argon2'
import { AuthError, validationFailed } from './errors.js'

export const MIN_PASSWORD_LENGTH = 8
// GoTrue's limit; it also bounds the work one request can ask of the hasher.
export const MAX_PASSWORD_LENGTH = 72

// Algorithm.Argon2id; the package's const enum cannot be read under verbatimModuleSyntax.
const ARGON2ID = 2 as Algorithm
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 }

let dummyHash: Promise<string> | undefined

/** Throws validation_failed / weak_password (with reasons) like GoTrue's password checks. */
export function checkPassword(password: unknown, missingMessage: string): string {
  if (typeof password !== 'string' || password === '') throw validationFailed(missingMessage)
  if ([...password].length > MAX_PASSWORD_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`)
  }
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      { weak_password: { reasons: ['length'] } },
    )
  }
  return password
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

export async function verifyPassword(stored: string | undefined, password: string) {
  if (stored === undefined) {
    dummyHash ??= hashPassword('rent-due timing equaliser')
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}
