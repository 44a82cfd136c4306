import { getSupabase } from '../../../../lib/supabase'
import type { NewsValues } from '../news-schema'

/**
 * Adds a news item (id undefined) or changes one. RLS admits admins only; an update that matched
 * no row (deleted meanwhile, or no right) is reported rather than taken for success.
 */
export async function saveNews(values: NewsValues, id?: number): Promise<void> {
  const supabase = await getSupabase()
  const query =
    id === undefined
      ? supabase.from('news').insert(values).select('id')
      : supabase.from('news').update(values).eq('id', id).select('id')
  const { data, error } = await query
  if (error) throw new Error(error.message)
  if (!data || data.length === 0) throw new Error('That news item no longer exists.')
}
