// The one read of the episodes table (SPEC §7, earlier variant): every column, by episode number.
// The team edits the rows in the admin console. Throws on failure so the caller can say so.
import { getSupabase } from '../../../lib/supabase'

export type Episode = {
  id: number
  episode_number: number
  title: string
  synopsis: string
  thumbnail: string
  video_url: string
}

export async function fetchEpisodes(): Promise<Episode[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('episodes')
    .select('*')
    .order('episode_number', { ascending: true })
  if (error) throw error
  return (data ?? []) as Episode[]
}
