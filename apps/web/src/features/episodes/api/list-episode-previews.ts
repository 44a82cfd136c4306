// The 'Episode Previews' bucket (SPEC §2 Home): only the "Previously on" clips of episodes 1–3
// are previews; everything else there (the header loop) is not. Throws when the list fails.
import { getSupabase } from '../../../lib/supabase'

export const PREVIEWS_BUCKET = 'Episode Previews'
export const HEADER_LOOP = 'header-loop.webm'

const PREVIEW_NAMES = ['Previously on The 1st', 'Previously on The 2nd', 'Previously on The 3rd']

export type EpisodePreview = { name: string; title: string; url: string }

/** Whether a stored file is one of the three previews. */
export function isEpisodePreview(name: string): boolean {
  return PREVIEW_NAMES.some((wanted) => name.includes(wanted))
}

/** The name without its file extension, for display. */
export function previewTitle(name: string): string {
  return name.replace(/\.[a-z0-9]+$/i, '')
}

export async function listEpisodePreviews(): Promise<EpisodePreview[]> {
  const supabase = await getSupabase()
  const bucket = supabase.storage.from(PREVIEWS_BUCKET)
  const { data, error } = await bucket.list('', {
    limit: 100,
    sortBy: { column: 'name', order: 'asc' },
  })
  if (error) throw error
  return (data ?? [])
    .filter((entry) => entry.id !== null && isEpisodePreview(entry.name))
    .map((entry) => ({
      name: entry.name,
      title: previewTitle(entry.name),
      url: bucket.getPublicUrl(entry.name).data.publicUrl,
    }))
}
