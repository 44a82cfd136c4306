// Who is signed in, for the header. supabase-js is loaded only when there is a stored session to
// restore or when the fan opens the sign-in dialog, so a visitor without an account never pays
// for it. Once loaded, onAuthStateChange keeps this store in step (sign-in, refresh, sign-out).
import type { Session } from '@supabase/supabase-js'
import { useSyncExternalStore } from 'react'
import { getSupabase } from '../../lib/supabase'

export type AccountUser = { email: string; username?: string }

let user: AccountUser | null = null
let watching: Promise<void> | undefined
const listeners = new Set<() => void>()

function toUser(session: Session | null): AccountUser | null {
  if (!session) return null
  const username = session.user.user_metadata?.username
  return {
    email: session.user.email ?? '',
    username: typeof username === 'string' && username ? username : undefined,
  }
}

/** Loads the client and follows its auth state; safe to call any number of times. */
export function watchAccount(): Promise<void> {
  watching ??= getSupabase().then((supabase) => {
    supabase.auth.onAuthStateChange((_event, session) => {
      user = toUser(session)
      for (const listener of listeners) listener()
    })
  })
  return watching
}

/** True when supabase-js left a session in localStorage (its key is sb-<ref>-auth-token). */
export function hasStoredSession(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i)
      if (key?.startsWith('sb-') && key.endsWith('-auth-token')) return true
    }
  } catch {
    // Storage blocked (private modes): no stored session to restore.
  }
  return false
}

export function useAccountUser(): AccountUser | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => user,
    // Nobody is signed in on the server: sessions live in the browser only.
    () => null,
  )
}
