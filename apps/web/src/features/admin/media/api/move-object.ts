import { getSupabase } from '../../../../lib/supabase'

/** Renames an object in place (Storage's move: metadata only, the bytes stay). */
export async function moveObject(bucket: string, from: string, to: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.storage.from(bucket).move(from, to)
  if (error) throw new Error(error.message)
}
