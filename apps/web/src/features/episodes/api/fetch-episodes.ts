// The one read of the episodes table (docs/product/api.md#table-reads): every column, by episode
// number. The team edits the rows in the admin console. Throws a ReadError on failure so the caller
// can say so (supabase-js has already retried a transient failure in the browser).
import { ReadError } from '../../../lib/read-result'
import { RETRY_READS } from '../../../lib/read-retry'
import { getSupabase, type ReadClient } from '../../../lib/supabase'

export type Episode = {
  id: number
  episode_number: number
  title: string
  synopsis: string
  thumbnail: string
  video_url: string
  /** What the video is: the full episode, a preview, or a behind-the-scenes clip (0021). */
  video_kind?: 'full' | 'preview' | 'behind_the_scenes'
  /** The episode's page is /episodes/<slug> (set by the database from the title). */
  slug: string
  /** When the row last changed (ISO 8601). */
  updated_at: string
}

export async function fetchEpisodes(client?: ReadClient): Promise<Episode[]> {
  const supabase = client ?? (await getSupabase())
  const { data, error, status } = await supabase
    .from('episodes')
    .select('*')
    .order('episode_number', { ascending: true })
    .retry(RETRY_READS)
  if (error) throw new ReadError(`episodes: ${error.message}`, status, { cause: error })
  return (data ?? []) as Episode[]
}
