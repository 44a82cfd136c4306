import { getSupabase } from '../../../../lib/supabase'
import type { EpisodeValues } from '../episode-schema'

/** Adds an episode (id undefined) or changes one; a taken number is said in words. */
export async function saveEpisode(values: EpisodeValues, id?: number): Promise<void> {
  const supabase = await getSupabase()
  const query =
    id === undefined
      ? supabase.from('episodes').insert(values).select('id')
      : supabase.from('episodes').update(values).eq('id', id).select('id')
  const { data, error } = await query
  if (error) {
    if (error.code === '23505') {
      throw new Error(`Episode ${values.episode_number} already exists. Pick another number.`)
    }
    throw new Error(error.message)
  }
  if (!data || data.length === 0) throw new Error('That episode no longer exists.')
}
