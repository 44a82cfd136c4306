// Who is signed in to the console, from supabase-js' own session (restored from localStorage,
// refreshed by the client): read by the console's route loaders, and watched so that a sign-in,
// a sign-out or an expired session elsewhere (another tab) makes the router read again.
import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import { getSupabase } from '../../lib/supabase'
import { isAdminToken } from './admin-claims'

export type AdminSession = { email: string; isAdmin: boolean } | null

export async function readAdminSession(): Promise<AdminSession> {
  const supabase = await getSupabase()
  const { data } = await supabase.auth.getSession()
  const session = data.session
  if (!session) return null
  return { email: session.user.email ?? '', isAdmin: isAdminToken(session.access_token) }
}

/** The signed-in admin's access token, for the uploads that bypass supabase-js. */
export async function readAccessToken(): Promise<string> {
  const supabase = await getSupabase()
  const { data } = await supabase.auth.getSession()
  const token = data.session?.access_token
  if (!token) throw new Error('You are signed out. Sign in again to upload.')
  return token
}

/** Signs in; resolves with the reason it failed in words, or null. */
export async function signInAdmin(email: string, password: string): Promise<string | null> {
  try {
    const supabase = await getSupabase()
    const { error } = await supabase.auth.signInWithPassword({ email, password })
    if (!error) return null
    return error.status === 400 ? 'Wrong e-mail or password.' : error.message
  } catch (e) {
    console.error('Admin sign-in failed', e)
    return 'Could not reach the server. Try again.'
  }
}

export async function signOutAdmin(): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signOut()
  if (error) throw error
}

/**
 * Reads the console's data again when who is signed in changes under it (a sign-out in another
 * tab, an expired session); supabase-js also reports SIGNED_IN for a session it merely
 * recovered, which changes nothing the console shows.
 */
export function useSessionRevalidation(signedIn: boolean): void {
  const { revalidate } = useRevalidator()
  useEffect(() => {
    let unsubscribe: (() => void) | undefined
    let cancelled = false
    void getSupabase().then((supabase) => {
      if (cancelled) return
      const { data } = supabase.auth.onAuthStateChange((_event, session) => {
        if (Boolean(session) !== signedIn) void revalidate()
      })
      unsubscribe = () => data.subscription.unsubscribe()
    })
    return () => {
      cancelled = true
      unsubscribe?.()
    }
  }, [revalidate, signedIn])
}
