import { getSupabase } from '../../../lib/supabase'
import type { SignUpValues } from '../account-schema'
import { watchAccount } from '../account-store'
import { authOutcome, type AuthOutcome } from './auth-outcome'

/**
 * No redirect is named: the confirmation link (when the server mails one) leads to the server's
 * SITE_URL, whichever host the fan signed up on. Without mail the server answers with a session:
 * the fan is signed in already.
 */
export async function signUp(values: SignUpValues): Promise<AuthOutcome> {
  try {
    await watchAccount()
    const supabase = await getSupabase()
    const { data, error } = await supabase.auth.signUp({
      email: values.email,
      password: values.password,
      options: { data: { username: values.username } },
    })
    return authOutcome(error, data.session !== null)
  } catch (error) {
    console.error('Sign up failed', error)
    return { ok: false }
  }
}
