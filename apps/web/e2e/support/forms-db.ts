// The database side of the form tests: clients with the e2e server's keys (support/api-clients.ts),
// so a test can read back what a form stored (service role) or send a row around the form (anon).
import type { SupabaseClient } from '@supabase/supabase-js'
import { apiClient } from './api-clients'

export function dbClient(baseURL: string | undefined, role: 'anon' | 'service'): SupabaseClient {
  return apiClient(baseURL, role)
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
