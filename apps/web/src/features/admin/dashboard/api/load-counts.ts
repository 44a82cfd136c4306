import { getSupabase } from '../../../../lib/supabase'

export type TableCounts = {
  table_name: string
  today: number
  this_week: number
  all_time: number
}

/**
 * admin_signup_counts() (migrations 0007, 0023): one round trip, counted as the caller under RLS,
 * with "today" and "this week" in `timeZone`.
 */
export async function loadCounts(timeZone: string): Promise<TableCounts[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('admin_signup_counts', { p_time_zone: timeZone })
  if (error) throw new Error(error.message)
  return data as TableCounts[]
}
