// Request-body checks shared by the auth routes and the admin CLI. The e-mail rule is the one of
// the database domain public.email_address (migration 0003), so what passes here also passes there.
import { z } from 'zod'
import { AuthError, validationFailed } from './errors.js'
import { isPlainObject } from '../http/json-body.js'

const EMAIL_PATTERN = /^[^\s\p{Cc}@]+@[^\s\p{Cc}@]+\.[^\s\p{Cc}@.]+$/u
export const MAX_EMAIL_LENGTH = 254
/** Serialised size limit of user_metadata: it travels in every access token. */
export const MAX_METADATA_BYTES = 4096

/** Trimmed, lower-cased e-mail, or validation_failed. */
export function checkEmail(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw validationFailed('An email address is required')
  }
  const email = value.trim().toLowerCase()
  if (
    email.length < 3 ||
    [...email].length > MAX_EMAIL_LENGTH ||
    !EMAIL_PATTERN.test(email) ||
    email.includes('..')
  ) {
    throw validationFailed('Unable to validate email address: invalid format')
  }
  return email
}

/** The `data` of sign-up / PUT /user: absent, or a JSON object of bounded size. */
export function checkMetadata(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined
  if (!isPlainObject(value)) throw validationFailed('data must be a JSON object')
  if (Buffer.byteLength(JSON.stringify(value)) > MAX_METADATA_BYTES) {
    throw validationFailed(`data must not exceed ${MAX_METADATA_BYTES} bytes`)
  }
  return value
}

/** The JSON body as an object (Fastify has parsed it); anything else is a validation error. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {}
  if (!isPlainObject(body)) throw validationFailed('The request body must be a JSON object')
  return body
}

/** A query parameter given once; repeated (array) or absent values read as undefined. */
export function queryParam(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/**
 * A field a route's schema declares and checks with the route's own check (one of the functions
 * above): a refusal keeps its AuthError (code, status, message and extra fields), which the
 * plugin's error handler answers unchanged, so the schema says exactly what the route said.
 * A required field is checked even when absent; an optional one only when present.
 */
export function checkedField(
  check: (value: unknown) => unknown,
  presence: 'required' | 'optional' = 'required',
) {
  const refine = (value: unknown, ctx: z.RefinementCtx) => {
    try {
      check(value)
    } catch (e) {
      if (!(e instanceof AuthError)) throw e
      ctx.addIssue({ code: 'custom', message: e.message, params: { authError: e } })
    }
  }
  return presence === 'required'
    ? z.unknown().superRefine(refine)
    : z.unknown().optional().superRefine(refine)
}

/**
 * A GoTrue JSON body: an object (or none) with the fields the route reads, any others allowed
 * and kept, as GoTrue ignores fields it does not know (gotrue_meta_security, code_challenge…).
 */
export function gotrueBody<T extends Record<string, z.ZodType>>(shape: T) {
  return checkedField(bodyObject).pipe(z.looseObject(shape).nullable())
}
