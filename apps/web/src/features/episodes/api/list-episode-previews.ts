// The 'Episode Previews' bucket (docs/product/pages.md#home): only the "Previously on" clips of
// episodes 1–3 are previews; everything else there (the header loop) is not. Throws when the list
// fails.
import { retryRead, storageReadError } from '../../../lib/read-retry'
import { getSupabase, type ReadClient } from '../../../lib/supabase'

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

export async function listEpisodePreviews(client?: ReadClient): Promise<EpisodePreview[]> {
  const supabase = client ?? (await getSupabase())
  const bucket = supabase.storage.from(PREVIEWS_BUCKET)
  const data = await retryRead(async () => {
    const { data, error } = await bucket.list('', {
      limit: 100,
      sortBy: { column: 'name', order: 'asc' },
    })
    if (error) throw storageReadError(PREVIEWS_BUCKET, error)
    return data ?? []
  })
  return data
    .filter((entry) => entry.id !== null && isEpisodePreview(entry.name))
    .map((entry) => ({
      name: entry.name,
      title: previewTitle(entry.name),
      url: bucket.getPublicUrl(entry.name).data.publicUrl,
    }))
}

/**
 * The hero's looping header video (docs/product/pages.md#home), a public URL in the same bucket.
 */
export function headerLoopUrl(client: ReadClient): string {
  return client.storage.from(PREVIEWS_BUCKET).getPublicUrl(HEADER_LOOP).data.publicUrl
}
