// The soundtrack volumes' tracks in the order the site plays them (lib/soundtrack-tracks.ts'
// rule over track_order, migration 0022), and the one call that stores a volume's new order.
import { SOUNDTRACK_BUCKETS, inTrackOrder, isTrackEntry } from '../../../../lib/soundtrack-tracks'
import { getSupabase } from '../../../../lib/supabase'

export type Track = { id: string; name: string }
export type Volume = { bucket: string; title: string; tracks: Track[] }

export async function listVolumes(): Promise<Volume[]> {
  const supabase = await getSupabase()
  const { data: order, error } = await supabase.from('track_order').select('object_id, position')
  if (error) throw new Error(error.message)
  const positions = new Map(
    (order as { object_id: string; position: number }[]).map((r) => [r.object_id, r.position]),
  )
  return Promise.all(
    SOUNDTRACK_BUCKETS.map(async ({ bucket, title }) => {
      const listed = await supabase.storage
        .from(bucket)
        .list('', { limit: 1000, sortBy: { column: 'name', order: 'asc' } })
      if (listed.error) throw new Error(`${bucket}: ${listed.error.message}`)
      const tracks = inTrackOrder(listed.data.filter(isTrackEntry), positions).map((e) => ({
        id: e.id as string,
        name: e.name,
      }))
      return { bucket, title, tracks }
    }),
  )
}

export async function saveTrackOrder(bucket: string, ids: string[]): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('set_track_order', { p_bucket: bucket, p_object_ids: ids })
  if (error) throw new Error(error.message)
}
