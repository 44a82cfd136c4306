// The 'Behind the scenes' bucket (docs/product/api.md#storage-reads): list the files (the first
// 100, by name, as the library's defaults) and build a public URL for each. Throws when the list
// fails, so the page can tell the visitor (docs/product/errors.md#error-messages).
import { retryRead, storageReadError } from '../../../lib/read-retry'
import { getSupabase, type ReadClient } from '../../../lib/supabase'
import type { BtsMedia } from '../bts-groups'

export const BTS_BUCKET = 'Behind the scenes'

export async function listBtsMedia(client?: ReadClient): Promise<BtsMedia[]> {
  const supabase = client ?? (await getSupabase())
  const bucket = supabase.storage.from(BTS_BUCKET)
  const data = await retryRead(async () => {
    const { data, error } = await bucket.list('', {
      limit: 100,
      sortBy: { column: 'name', order: 'asc' },
    })
    if (error) throw storageReadError(BTS_BUCKET, error)
    return data ?? []
  })
  return data
    .filter((entry) => entry.id !== null) // folders come back without an id
    .map((entry) => ({ name: entry.name, url: bucket.getPublicUrl(entry.name).data.publicUrl }))
}
