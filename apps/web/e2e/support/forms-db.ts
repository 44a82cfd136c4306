// The database side of the form tests: clients with the e2e server's keys (DATA_DIR=data/e2e),
// so a test can read back what a form stored (service role) or send a row around the form (anon).
import { execFileSync } from 'node:child_process'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'

let cached: { anon: string; service: string } | undefined

function keys(): { anon: string; service: string } {
  if (cached) return cached
  const out = execFileSync(process.execPath, ['apps/server/dist/keys-cli.js'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e' },
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

export function dbClient(baseURL: string | undefined, role: 'anon' | 'service'): SupabaseClient {
  if (!baseURL) throw new Error('no baseURL')
  return createClient(baseURL, keys()[role], {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; the client wants one even when realtime is unused.
    realtime: { transport: ws as never },
  })
}

/** The rows of `table` whose `column` equals `value`, read with the service role. */
export async function rowsWhere(
  baseURL: string | undefined,
  table: string,
  column: string,
  value: string,
): Promise<Record<string, unknown>[]> {
  const { data, error } = await dbClient(baseURL, 'service')
    .from(table)
    .select('*')
    .eq(column, value)
  if (error) throw new Error(`${table}: ${error.message}`)
  return data
}

/** A unique tag so each test builds its own rows. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
}
