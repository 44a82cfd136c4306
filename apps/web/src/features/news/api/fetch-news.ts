// The one read of the news table (docs/product/api.md#table-reads): every column, newest first.
// Rows with the same date keep a stable order (newest id first). Throws a ReadError on failure; the
// page then shows its calm empty state (docs/product/errors.md#when-a-read-fails) or, while the
// backend is down, "back in a moment".
import { ReadError } from '../../../lib/read-result'
import { RETRY_READS } from '../../../lib/read-retry'
import { getSupabase, type ReadClient } from '../../../lib/supabase'

export type NewsItem = {
  id: number
  /** An ISO calendar date, 'YYYY-MM-DD'. */
  date: string
  headline: string
  summary: string
  /** Pinned by the team: also shown with the pinned notices (migration 0021). */
  pinned?: boolean
}

export async function fetchNews(client?: ReadClient, limit?: number): Promise<NewsItem[]> {
  const supabase = client ?? (await getSupabase())
  let query = supabase
    .from('news')
    .select('*')
    .order('date', { ascending: false })
    .order('id', { ascending: false })
  if (limit !== undefined) query = query.limit(limit)
  const { data, error, status } = await query.retry(RETRY_READS)
  if (error) throw new ReadError(`news: ${error.message}`, status, { cause: error })
  return (data ?? []) as NewsItem[]
}
