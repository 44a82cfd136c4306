// The memos the team pinned (migration 0021), newest first, for Home's pinned notices (the News
// page finds them in its full list). Throws a ReadError on failure.
import { ReadError } from '../../../lib/read-result'
import { RETRY_READS } from '../../../lib/read-retry'
import { getSupabase, type ReadClient } from '../../../lib/supabase'
import type { NewsItem } from './fetch-news'

export async function fetchPinnedNews(client?: ReadClient): Promise<NewsItem[]> {
  const supabase = client ?? (await getSupabase())
  const { data, error, status } = await supabase
    .from('news')
    .select('*')
    .eq('pinned', true)
    .order('date', { ascending: false })
    .order('id', { ascending: false })
    .limit(10)
    .retry(RETRY_READS)
  if (error) throw new ReadError(`pinned news: ${error.message}`, status, { cause: error })
  return (data ?? []) as NewsItem[]
}
