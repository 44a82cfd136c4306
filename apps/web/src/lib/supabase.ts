// The one Supabase client of the site (the only createClient call). supabase-js is loaded with a
// dynamic import so it stays out of the first-paint bundle: features call getSupabase() when they
// actually talk to the backend.
import type { SupabaseClient } from '@supabase/supabase-js'
import { readRuntimeConfig } from './runtime-config'

let client: Promise<SupabaseClient> | undefined

export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const { supabaseUrl, supabaseAnonKey } = readRuntimeConfig(
      document,
      import.meta.env,
      window.location.origin,
    )
    return createClient(supabaseUrl, supabaseAnonKey, {
      // No explicit storage: supabase-js uses localStorage when it works and falls back to
      // memory where it throws (private modes), which passing window.localStorage would break.
      auth: { persistSession: true, autoRefreshToken: true },
    })
  })
  return client
}
