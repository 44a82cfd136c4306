import { getSupabase } from '../../../../lib/supabase'

export async function deleteNews(id: number): Promise<void> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('news').delete().eq('id', id).select('id')
  if (error) throw new Error(error.message)
  if (!data || data.length === 0) throw new Error('That news item no longer exists.')
}
