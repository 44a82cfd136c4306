import { getSupabase } from '../../../../lib/supabase'
import type { NewsRow } from '../news-schema'

export const NEWS_PAGE_SIZE = 10

export type NewsPage = { rows: NewsRow[]; total: number }

/** One page of news, newest first (id breaks ties like the site), with the exact total. */
export async function listNews(page: number): Promise<NewsPage> {
  const supabase = await getSupabase()
  const from = page * NEWS_PAGE_SIZE
  const { data, error, count } = await supabase
    .from('news')
    .select('id, date, headline, summary, pinned', { count: 'exact' })
    .order('date', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + NEWS_PAGE_SIZE - 1)
  if (error) throw new Error(error.message)
  return { rows: data as NewsRow[], total: count ?? 0 }
}
