// Password rules and hashing: argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane).
// Unknown e-mails are checked against a fixed dummy hash so a sign-in takes as long whether or not
// the account exists. New passwords must also be hard to guess (zxcvbn score 3 or more, decision
// 220): refused with GoTrue's weak_password and the reason `pwned` when zxcvbn found them in its
// common-password list, else `characters`.
import { hash, verify, type Algorithm } from '@node-rs/argon2'
import { AuthError, validationFailed } from './errors.js'
import { PasswordCheckBusy, type PasswordStrength } from './password-strength.js'

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

/** zxcvbn's "safely unguessable": at least 10^8 guesses. */
export const MIN_PASSWORD_SCORE = 3
// GoTrue's own text for its `pwned` reason.
export const PWNED_MESSAGE =
  'Password is known to be weak and easy to guess, please choose a different one.'
export const GUESSABLE_MESSAGE =
  'Password is too easy to guess, please choose a longer or less predictable one.'

/**
 * Throws weak_password when zxcvbn can guess the password. userInputs are the account's own words
 * (its e-mail, its username), which make a password that contains them easier to guess.
 */
export async function checkStrength(
  strength: PasswordStrength,
  password: string,
  userInputs: readonly string[],
): Promise<void> {
  const verdict = await strength
    .check(password, [...userInputs, 'rentdue', 'rent due'])
    .catch((e: unknown) => {
      if (!(e instanceof PasswordCheckBusy)) throw e
      throw new AuthError(
        503,
        'unexpected_failure',
        'Too many passwords are being checked, please try again in a few seconds.',
        {},
        { 'retry-after': '5' },
      )
    })
  if (verdict.score >= MIN_PASSWORD_SCORE) return
  const [reason, message] = verdict.commonPassword
    ? ['pwned', PWNED_MESSAGE]
    : ['characters', GUESSABLE_MESSAGE]
  throw new AuthError(422, 'weak_password', message, { weak_password: { reasons: [reason] } })
}

/** The words of an account that its password should not lean on. */
export function accountWords(email: string, metadata: Record<string, unknown> = {}): string[] {
  const words = [email, email.split('@', 1)[0] ?? '']
  for (const key of ['username', 'display_name', 'full_name', 'name']) {
    const v = metadata[key]
    if (typeof v === 'string' && v !== '') words.push(v.slice(0, 100))
  }
  return words
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
