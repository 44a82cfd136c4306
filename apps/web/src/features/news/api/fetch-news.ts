// The one read of the news table (SPEC §7): every column, newest first. Rows with the same date
// keep a stable order (newest id first). A failure is only logged (SPEC §8 "logged silently"):
// the caller gets an empty list and shows its calm empty state.
import { getSupabase } from '../../../lib/supabase'

export type NewsItem = {
  id: number
  /** An ISO calendar date, 'YYYY-MM-DD'. */
  date: string
  headline: string
  summary: string
}

export async function fetchNews(limit?: number): Promise<NewsItem[]> {
  try {
    const supabase = await getSupabase()
    let query = supabase
      .from('news')
      .select('*')
      .order('date', { ascending: false })
      .order('id', { ascending: false })
    if (limit !== undefined) query = query.limit(limit)
    const { data, error } = await query
    if (error) {
      console.error('Loading the news failed', error)
      return []
    }
    return (data ?? []) as NewsItem[]
  } catch (error) {
    console.error('Loading the news failed', error)
    return []
  }
}
