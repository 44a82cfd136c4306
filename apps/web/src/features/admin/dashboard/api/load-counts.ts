import { getSupabase } from '../../../../lib/supabase'

export type TableCounts = {
  table_name: string
  today: number
  this_week: number
  all_time: number
}

/** admin_signup_counts() (migration 0007): one round trip, counted as the caller under RLS. */
export async function loadCounts(): Promise<TableCounts[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('admin_signup_counts')
  if (error) throw new Error(error.message)
  return data as TableCounts[]
}
