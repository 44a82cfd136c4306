import { getSupabase } from '../../../../lib/supabase'
import type { EpisodeRow } from '../episode-schema'

/** All episodes by number, as the site reads them (a series has a handful, not pages). */
export async function listEpisodes(): Promise<EpisodeRow[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('episodes')
    .select('id, episode_number, title, synopsis, thumbnail, video_url, video_kind')
    .order('episode_number', { ascending: true })
  if (error) throw new Error(error.message)
  return data as EpisodeRow[]
}
