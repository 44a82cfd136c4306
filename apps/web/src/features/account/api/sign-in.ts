import { getSupabase } from '../../../lib/supabase'
import type { SignInValues } from '../account-schema'
import { watchAccount } from '../account-store'
import { authOutcome, type AuthOutcome } from './auth-outcome'

export async function signIn(values: SignInValues): Promise<AuthOutcome> {
  try {
    await watchAccount()
    const supabase = await getSupabase()
    const { error } = await supabase.auth.signInWithPassword(values)
    return authOutcome(error)
  } catch (error) {
    console.error('Sign in failed', error)
    return { ok: false }
  }
}
