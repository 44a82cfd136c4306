import type { AuthError } from '@supabase/supabase-js'

/**
 * What an auth call tells the fan. Success says whether the fan is now signed in (a sign-up is
 * signed in at once when the server mails no confirmation). A failure carries the server's
 * message for a refusal (4xx, e.g. 'Invalid login credentials'); for a server or network failure
 * no message, so the form's fallback shows.
 */
export type AuthOutcome =
  { ok: true; signedIn: boolean } | { ok: false; status?: number; message?: string }

export function authOutcome(error: AuthError | null, signedIn = true): AuthOutcome {
  if (!error) return { ok: true, signedIn }
  console.error('Auth call failed', error)
  const status = error.status
  const refusal = status !== undefined && status >= 400 && status < 500
  return { ok: false, status, message: refusal && error.message ? error.message : undefined }
}
