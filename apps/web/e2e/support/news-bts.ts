// The database and storage side of the news and behind-the-scenes tests: a service-role client
// for the e2e server of this run (its data directory is E2E_DATA_DIR, as in playwright.config).
import type { SupabaseClient } from '@supabase/supabase-js'
import { apiClient } from './api-clients'

export function serviceClient(baseURL: string | undefined): SupabaseClient {
  return apiClient(baseURL, 'service')
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
