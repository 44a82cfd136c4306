import { getSupabase } from '../../../../lib/supabase'

/** Deletes one object; an empty answer means nothing was deleted (gone already, or no right). */
export async function removeObject(bucket: string, name: string): Promise<void> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.storage.from(bucket).remove([name])
  if (error) throw new Error(error.message)
  if (data.length === 0) throw new Error('The file no longer exists.')
}
