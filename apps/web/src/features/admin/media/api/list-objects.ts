import { getSupabase } from '../../../../lib/supabase'

export type StoredObject = {
  name: string
  /** null for a folder pseudo-entry. */
  id: string | null
  size: number | null
  type: string | null
  updatedAt: string | null
  publicUrl: string
}

export type ObjectPage = { objects: StoredObject[]; hasMore: boolean }

/** One page of a bucket's top level, sorted by name (one extra row tells whether more follow). */
export async function listObjects(
  bucket: string,
  offset: number,
  limit: number,
): Promise<ObjectPage> {
  const supabase = await getSupabase()
  const files = supabase.storage.from(bucket)
  const { data, error } = await files.list('', {
    limit: limit + 1,
    offset,
    sortBy: { column: 'name', order: 'asc' },
  })
  if (error) throw new Error(error.message)
  const objects = data.slice(0, limit).map((o) => {
    const meta = (o.metadata ?? {}) as { size?: unknown; mimetype?: unknown }
    return {
      name: o.name,
      id: o.id ?? null,
      size: typeof meta.size === 'number' ? meta.size : null,
      type: typeof meta.mimetype === 'string' ? meta.mimetype : null,
      updatedAt: o.updated_at ?? null,
      publicUrl: files.getPublicUrl(o.name).data.publicUrl,
    }
  })
  return { objects, hasMore: data.length > limit }
}
