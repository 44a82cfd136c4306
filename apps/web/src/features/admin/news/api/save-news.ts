import { getSupabase } from '../../../../lib/supabase'
import type { NewsValues } from '../news-schema'

/**
 * Adds a news item (id undefined) or changes one. RLS admits admins only; an update that matched
 * no row (deleted meanwhile, or no right) is reported rather than taken for success.
 */
export async function saveNews(values: NewsValues, id?: number): Promise<number> {
  const supabase = await getSupabase()
  const row = { ...values, pinned: values.pinned ?? false }
  const query =
    id === undefined
      ? supabase.from('news').insert(row).select('id')
      : supabase.from('news').update(row).eq('id', id).select('id')
  const { data, error } = await query
  if (error) throw new Error(error.message)
  if (!data || data.length === 0) throw new Error('That news item no longer exists.')
  return (data[0] as { id: number }).id
}

/** Pins or unpins a memo: pinned memos also show in the Pinned section of Home and News. */
export async function pinNews(id: number, pinned: boolean): Promise<void> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('news').update({ pinned }).eq('id', id).select('id')
  if (error) throw new Error(error.message)
  if (!data || data.length === 0) throw new Error('That news item no longer exists.')
}
