// The one Supabase client of the site (the only createClient call). In the browser supabase-js is
// loaded with a dynamic import so it stays out of the first-paint bundle: features call
// getSupabase() when they actually talk to the backend. On the server (app/entry-server.tsx) a
// client per request is handed to the route loaders in their context: anon, no session, its
// requests answered by our own API in-process, its public URLs built for the visitor's origin.
import type { SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js'
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

/** What a loader reads with: the tables and storage. */
export type ReadClient = Pick<SupabaseClient, 'from' | 'storage'>

/** The route loaders' context on the server (entry-server.tsx); undefined in the browser. */
export type LoaderContext = { supabase: ReadClient } | undefined

/** The client a loader reads with: the request's own on the server, the site's in the browser. */
export async function readClient(context: unknown): Promise<ReadClient> {
  const given = (context as LoaderContext)?.supabase
  return given ?? (await getSupabase())
}

/**
 * The WebSocket supabase-js wants on Node 20 even when realtime is unused: a render never
 * subscribes to anything, so one that refuses to open.
 */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used while rendering a page')
  }
}

/** An anonymous client without a session, for one server render (entry-server.tsx). */
export async function createAnonClient(
  supabaseUrl: string,
  anonKey: string,
  fetch: typeof globalThis.fetch,
): Promise<SupabaseClient> {
  const { createClient } = await import('@supabase/supabase-js')
  const options: SupabaseClientOptions<'public'> = {
    global: { fetch },
    realtime: { transport: NoRealtime as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  }
  return createClient(supabaseUrl, anonKey, options)
}
