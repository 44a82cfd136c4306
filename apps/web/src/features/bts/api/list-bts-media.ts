// The 'Behind the scenes' bucket (SPEC §7): list the files (the first 100, by name, as the
// library's defaults) and build a public URL for each. Throws when the list fails, so the page
// can tell the visitor (SPEC §8).
import { getSupabase } from '../../../lib/supabase'
import type { BtsMedia } from '../bts-groups'

export const BTS_BUCKET = 'Behind the scenes'

export async function listBtsMedia(): Promise<BtsMedia[]> {
  const supabase = await getSupabase()
  const bucket = supabase.storage.from(BTS_BUCKET)
  const { data, error } = await bucket.list('', {
    limit: 100,
    sortBy: { column: 'name', order: 'asc' },
  })
  if (error) throw error
  return (data ?? [])
    .filter((entry) => entry.id !== null) // folders come back without an id
    .map((entry) => ({ name: entry.name, url: bucket.getPublicUrl(entry.name).data.publicUrl }))
}
