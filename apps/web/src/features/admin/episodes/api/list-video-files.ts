import { getSupabase } from '../../../../lib/supabase'

/** The file names in a video bucket, by name (folders and placeholders left out). */
export async function listVideoFiles(bucket: string): Promise<string[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.storage
    .from(bucket)
    .list('', { limit: 1000, sortBy: { column: 'name', order: 'asc' } })
  if (error) throw new Error(error.message)
  return data.filter((o) => o.id !== null && !o.name.startsWith('.')).map((o) => o.name)
}
