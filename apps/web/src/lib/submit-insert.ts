// Inserts one row of a public form. The forms only INSERT (anon has no SELECT), so this is a
// plain .insert() with return=minimal. A 23505 on submission_id means an earlier try of the same
// submit already landed, which counts as success; a 429 is told apart so the form can say why, and
// a backend that could not answer (5xx, no response) so the server can answer 503.
import type { SupabaseClient } from '@supabase/supabase-js'
import { getSupabase } from './supabase'

export type SubmitOutcome = 'ok' | 'rate-limited' | 'failed' | 'unavailable'

/** What an insert needs of a client: the browser's own, or the one a server render was given. */
export type TableClient = Pick<SupabaseClient, 'from'>

/** The message a rate-limited fan sees, still titled 'Error'. */
export const RATE_LIMITED_MESSAGE =
  'Too many tries from your connection. Please wait a minute and try again.'

export async function insertFormRow(
  table: string,
  row: Record<string, string | null>,
  client?: TableClient,
): Promise<SubmitOutcome> {
  try {
    const supabase = client ?? (await getSupabase())
    const { error, status } = await supabase.from(table).insert(row)
    if (!error) return 'ok'
    if (error.code === '23505' && `${error.message} ${error.details}`.includes('submission_id')) {
      return 'ok'
    }
    // Code and message only: a refusal's details can quote the row (the fan's entries), and on
    // the server this line goes to the log.
    console.error(`Insert into ${table} failed`, error.code, error.message)
    if (status === 429) return 'rate-limited'
    return status === 0 || status >= 500 ? 'unavailable' : 'failed'
  } catch (error) {
    console.error(`Insert into ${table} failed`, error)
    return 'unavailable'
  }
}
