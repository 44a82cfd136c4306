// Inserts one row of a public form. The forms only INSERT (anon has no SELECT), so this is a
// plain .insert() with return=minimal. A 23505 on submission_id means an earlier try of the same
// submit already landed, which counts as success; a 429 is told apart so the form can say why.
import { getSupabase } from './supabase'

export type SubmitOutcome = 'ok' | 'rate-limited' | 'failed'

/** The message a rate-limited fan sees, still titled 'Error'. */
export const RATE_LIMITED_MESSAGE =
  'Too many tries from your connection. Please wait a minute and try again.'

export async function insertFormRow(
  table: string,
  row: Record<string, string | null>,
): Promise<SubmitOutcome> {
  try {
    const supabase = await getSupabase()
    const { error, status } = await supabase.from(table).insert(row)
    if (!error) return 'ok'
    if (error.code === '23505' && `${error.message} ${error.details}`.includes('submission_id')) {
      return 'ok'
    }
    console.error(`Insert into ${table} failed`, error)
    return status === 429 ? 'rate-limited' : 'failed'
  } catch (error) {
    console.error(`Insert into ${table} failed`, error)
    return 'failed'
  }
}
