import { getSupabase } from '../../../lib/supabase'

export async function signOut(): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signOut()
  if (error) console.error('Sign out failed', error)
}
