// The database and storage side of the news and behind-the-scenes tests: a service-role client
// for the e2e server of this run (its data directory is E2E_DATA_DIR, as in playwright.config).
import { execFileSync } from 'node:child_process'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'

let serviceKey: string | undefined

function readServiceKey(): string {
  if (serviceKey) return serviceKey
  const out = execFileSync(process.execPath, ['apps/server/dist/keys-cli.js'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e' },
    encoding: 'utf8',
  })
  const line = out.split('\n').find((l) => l.startsWith('SUPABASE_SERVICE_ROLE_KEY='))
  if (!line) throw new Error('keys-cli printed no SUPABASE_SERVICE_ROLE_KEY')
  serviceKey = line.slice('SUPABASE_SERVICE_ROLE_KEY='.length)
  return serviceKey
}

export function serviceClient(baseURL: string | undefined): SupabaseClient {
  if (!baseURL) throw new Error('no baseURL')
  return createClient(baseURL, readServiceKey(), {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; the client wants one even when realtime is unused.
    realtime: { transport: ws as never },
  })
}

export type NewsRow = { id: number; date: string; headline: string; summary: string }

/** Every news row as the site should list it: newest date first, newest id first on a tie. */
export async function newsRowsNewestFirst(baseURL: string | undefined): Promise<NewsRow[]> {
  const { data, error } = await serviceClient(baseURL)
    .from('news')
    .select('id, date, headline, summary')
    .order('date', { ascending: false })
    .order('id', { ascending: false })
  if (error) throw new Error(`news: ${error.message}`)
  return data as NewsRow[]
}

/** The object names of the 'Behind the scenes' bucket, as stored. */
export async function btsObjectNames(baseURL: string | undefined): Promise<string[]> {
  const { data, error } = await serviceClient(baseURL)
    .storage.from('Behind the scenes')
    .list('', { limit: 100, sortBy: { column: 'name', order: 'asc' } })
  if (error) throw new Error(`Behind the scenes: ${error.message}`)
  return data.filter((entry) => entry.id !== null).map((entry) => entry.name)
}

/** '2025-09-06' as the site writes it: 'September 6, 2025'. */
export function longDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`))
}
