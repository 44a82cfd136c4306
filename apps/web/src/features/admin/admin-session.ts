// The console's view of who is signed in, from supabase-js' own session (restored from
// localStorage, refreshed by the client). onAuthStateChange reports the stored session first
// (INITIAL_SESSION), then every sign-in, refresh and sign-out.
import type { Session } from '@supabase/supabase-js'
import { useEffect, useState } from 'react'
import { getSupabase } from '../../lib/supabase'
import { isAdminToken } from './admin-claims'

export type AdminSession =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; email: string; isAdmin: boolean }

function toAdminSession(session: Session | null): AdminSession {
  if (!session) return { status: 'signed-out' }
  return {
    status: 'signed-in',
    email: session.user.email ?? '',
    isAdmin: isAdminToken(session.access_token),
  }
}

export function useAdminSession(): AdminSession {
  const [state, setState] = useState<AdminSession>({ status: 'loading' })
  useEffect(() => {
    let unsubscribe: (() => void) | undefined
    let cancelled = false
    void getSupabase().then((supabase) => {
      if (cancelled) return
      const { data } = supabase.auth.onAuthStateChange((_event, session) => {
        setState(toAdminSession(session))
      })
      unsubscribe = () => data.subscription.unsubscribe()
    })
    return () => {
      cancelled = true
      unsubscribe?.()
    }
  }, [])
  return state
}

export async function signOutAdmin(): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signOut()
  if (error) throw error
}
