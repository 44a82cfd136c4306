import { getSupabase } from '../../../../lib/supabase'
import type { BucketRules } from '../upload-checks'

export type Bucket = BucketRules & { id: string; public: boolean }

/** Every bucket with its rules; RLS shows them to admins only (migration 0005). */
export async function listBuckets(): Promise<Bucket[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.storage.listBuckets()
  if (error) throw new Error(error.message)
  return data
    .map((b) => ({
      id: b.id,
      name: b.name,
      public: b.public,
      allowed_mime_types: b.allowed_mime_types ?? null,
      file_size_limit: b.file_size_limit ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}
