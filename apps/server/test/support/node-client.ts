// The one way server tests make a supabase-js client in Node: no stored session, no refresh
// timer, and a WebSocket implementation (supabase-js needs one on Node 20 even when realtime is
// unused).
import {
  createClient,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js'
import ws from 'ws'

export function nodeClient(
  url: string,
  key: string,
  extra: SupabaseClientOptions<'public'> = {},
): SupabaseClient {
  return createClient(url, key, {
    ...extra,
    realtime: { transport: ws as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
}
