// Node supabase-js clients for the browser tests, with the keys of this run's e2e server: its data
// directory is E2E_DATA_DIR (data/e2e by default), as playwright.config.ts gives the server. The
// service role reads back what a page stored; the anon key sends what a visitor could.
import { execFileSync } from 'node:child_process'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'

export const e2eDataDir = (): string => process.env.E2E_DATA_DIR ?? 'data/e2e'

export type ApiRole = 'anon' | 'service'

let cached: Record<ApiRole, string> | undefined

/** The anon and service-role keys, printed by the server's keys CLI for the e2e data directory. */
export function e2eKeys(): Record<ApiRole, string> {
  if (cached) return cached
  const out = execFileSync(process.execPath, ['apps/server/dist/keys-cli.js'], {
    env: { ...process.env, DATA_DIR: e2eDataDir() },
    encoding: 'utf8',
  })
  const read = (name: string) => {
    const line = out.split('\n').find((l) => l.startsWith(`${name}=`))
    if (!line) throw new Error(`keys-cli printed no ${name}`)
    return line.slice(name.length + 1)
  }
  cached = { anon: read('SUPABASE_ANON_KEY'), service: read('SUPABASE_SERVICE_ROLE_KEY') }
  return cached
}

/** A client with the anon or service key and no stored session. */
export function apiClient(baseURL: string | undefined, role: ApiRole): SupabaseClient {
  if (!baseURL) throw new Error('no baseURL')
  return createClient(baseURL, e2eKeys()[role], {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; the client wants one even when realtime is unused.
    realtime: { transport: ws as never },
  })
}
