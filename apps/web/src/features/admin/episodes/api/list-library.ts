// What the episode editor picks from: the files of the three video buckets and the stills (the
// site's own and the 'Episode stills' bucket), each with the public path the site plays or shows,
// and the rules of the buckets the editor uploads into.
import { getSupabase } from '../../../../lib/supabase'
import { listBuckets, type Bucket } from '../../media/api/list-buckets'
import {
  BUILT_IN_STILLS,
  STILLS_BUCKET,
  storageVideoPath,
  VIDEO_BUCKETS,
  type VideoKind,
} from '../episode-schema'

export type LibraryFile = { name: string; path: string; size: number | null }
export type VideoShelf = { bucket: string; kind: VideoKind; files: LibraryFile[] }
export type Library = {
  videos: VideoShelf[]
  stills: LibraryFile[]
  /** The upload rules of the buckets by id (Full episodes, Episode stills). */
  buckets: Record<string, Bucket>
}

async function filesOf(bucket: string): Promise<LibraryFile[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.storage
    .from(bucket)
    .list('', { limit: 1000, sortBy: { column: 'name', order: 'asc' } })
  if (error) throw new Error(`${bucket}: ${error.message}`)
  return data
    .filter((o) => o.id !== null && !o.name.startsWith('.'))
    .map((o) => {
      const size = (o.metadata as { size?: unknown } | null)?.size
      return {
        name: o.name,
        path: storageVideoPath(bucket, o.name),
        size: typeof size === 'number' ? size : null,
      }
    })
}

export async function listLibrary(): Promise<Library> {
  const [videos, uploaded, buckets] = await Promise.all([
    Promise.all(VIDEO_BUCKETS.map(async (v) => ({ ...v, files: await filesOf(v.bucket) }))),
    filesOf(STILLS_BUCKET),
    listBuckets(),
  ])
  const ownStills = BUILT_IN_STILLS.map((path) => ({
    name: path.split('/').pop() ?? path,
    path,
    size: null,
  }))
  return {
    videos,
    stills: [...ownStills, ...uploaded],
    buckets: Object.fromEntries(buckets.map((b) => [b.id, b])),
  }
}
