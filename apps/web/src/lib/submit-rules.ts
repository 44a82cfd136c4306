// Client-side mirrors of the database rules (supabase/migrations/0003): the form refuses what the
// database would refuse, with a message a fan can act on. The database stays the authority.
import { z } from 'zod'

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/

/** A required one-line text of at most `max` characters after trimming. */
export function requiredLine(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(max, `Your ${label} must be at most ${max} characters.`)
    .refine((v) => !CONTROL.test(v), `Your ${label} must be on one line.`)
}

/** An optional one-line text: empty becomes null (a blank string is refused by the database). */
export function optionalLine(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `Your ${label} must be at most ${max} characters.`)
    .refine((v) => !CONTROL.test(v), `Your ${label} must be on one line.`)
}

export const personName = requiredLine('name', 100)

export const emailAddress = z
  .string()
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'Your email address must be at most 254 characters.')
  .refine(
    (v) => EMAIL.test(v) && !v.includes('..'),
    'Please enter a valid email address, like name@example.com.',
  )

/** Turns an empty trimmed value into null, as the database wants for optional fields. */
export function orNull(value: string): string | null {
  return value === '' ? null : value
}
