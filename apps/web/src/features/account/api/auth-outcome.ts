import type { AuthError } from '@supabase/supabase-js'

/**
 * What a failed auth call tells the fan: the server's message for a refusal (4xx, e.g. 'Invalid
 * login credentials'); for a server or network failure no message, so the form's fallback shows.
 */
export type AuthOutcome = { ok: true } | { ok: false; status?: number; message?: string }

export function authOutcome(error: AuthError | null): AuthOutcome {
  if (!error) return { ok: true }
  console.error('Auth call failed', error)
  const status = error.status
  const refusal = status !== undefined && status >= 400 && status < 500
  return { ok: false, status, message: refusal && error.message ? error.message : undefined }
}
