import { getSupabase } from '../../../lib/supabase'
import type { SignUpValues } from '../account-schema'
import { watchAccount } from '../account-store'
import { authOutcome, type AuthOutcome } from './auth-outcome'

/** The confirmation link leads back to the site's root, which the server's SITE_URL allows. */
export async function signUp(values: SignUpValues): Promise<AuthOutcome> {
  try {
    await watchAccount()
    const supabase = await getSupabase()
    const { error } = await supabase.auth.signUp({
      email: values.email,
      password: values.password,
      options: {
        emailRedirectTo: `${window.location.origin}/`,
        data: { username: values.username },
      },
    })
    return authOutcome(error)
  } catch (error) {
    console.error('Sign up failed', error)
    return { ok: false }
  }
}
