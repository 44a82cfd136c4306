// The four soundtrack volumes from storage (docs/product/data.md#storage-buckets,
// docs/product/api.md#storage-reads): list each bucket, then a public URL per file name. Shared by
// the Soundtrack page, the Home player and the radio bar. A bucket whose list fails is logged and
// skipped (docs/product/errors.md#when-a-read-fails); the caller decides whether to tell the
// visitor. Tracks play in the order the team set in the console (track_order, migration 0022):
// ordered tracks first, the rest after them by name. Should the order fail to load, the lists keep
// their names' order (logged): the music still plays, only not in the team's order.
import type { SupabaseClient } from '@supabase/supabase-js'
import { FAILED_ON_SERVER, isUnavailable, ReadError } from './read-result'
import { retryRead, storageReadError } from './read-retry'
import { getSupabase } from './supabase'

export type SoundtrackTrack = {
  /** The object name, e.g. 'Rent Day Shuffle.wav'. */
  name: string
  url: string
  bucket: string
}

export type SoundtrackVolume = {
  bucket: string
  /** What the players show: '1st Volume' … '4th Volume'. */
  title: string
  /** The volume's record icon in the game images bucket. */
  artworkUrl: string
  tracks: SoundtrackTrack[]
  /** The bucket could not be listed. */
  failed: boolean
  /** … because the backend was briefly unavailable (503). */
  unavailable?: boolean
  /** … while the server rendered the page: the browser lists it again (read-result.ts). */
  retryInBrowser?: boolean
}

export const SOUNDTRACK_BUCKETS = [
  { bucket: 'soundtrack 1st', title: '1st Volume' },
  { bucket: 'soundtrack 2nd', title: '2nd Volume' },
  { bucket: 'soundtrack 3rd', title: '3rd Volume' },
  { bucket: 'soundtrack 4th', title: '4th Volume' },
] as const

export const TRACK_ICONS_BUCKET = 'Rent Due Game Images'

type StorageClient = Pick<SupabaseClient, 'storage' | 'from'>

type ListedEntry = { name: string; id: string | null }

/** Object id → position, over all four volumes. */
type TrackOrder = ReadonlyMap<string, number>

/** Tracks by the team's order: positioned ones by position, then the rest as listed (by name). */
export function inTrackOrder<T extends ListedEntry>(entries: readonly T[], order: TrackOrder): T[] {
  const at = (e: T) => (e.id === null ? undefined : order.get(e.id))
  return entries
    .map((entry, index) => ({ entry, index, position: at(entry) }))
    .sort((a, b) => {
      if (a.position !== undefined && b.position !== undefined) return a.position - b.position
      if (a.position !== undefined) return -1
      if (b.position !== undefined) return 1
      return a.index - b.index
    })
    .map((x) => x.entry)
}

async function loadTrackOrder(client: StorageClient): Promise<TrackOrder> {
  try {
    const rows = await retryRead(async () => {
      const { data, error, status } = await client.from('track_order').select('object_id, position')
      if (error) throw new ReadError(`track order: ${error.message}`, status, { cause: error })
      return (data ?? []) as { object_id: string; position: number }[]
    })
    return new Map(rows.map((r) => [r.object_id, r.position]))
  } catch (error) {
    console.error('Could not load the track order; tracks play by name:', error)
    return new Map()
  }
}

/** Folders (id null) and placeholder objects such as '.emptyFolderPlaceholder' are not tracks. */
export function isTrackEntry(entry: ListedEntry): boolean {
  return entry.id !== null && entry.name !== '' && !entry.name.startsWith('.')
}

async function loadVolume(
  client: StorageClient,
  bucket: string,
  title: string,
  order: Promise<TrackOrder>,
): Promise<SoundtrackVolume> {
  const store = client.storage.from(bucket)
  const artworkUrl = client.storage.from(TRACK_ICONS_BUCKET).getPublicUrl(`${bucket} icon.svg`)
    .data.publicUrl
  let data: ListedEntry[]
  try {
    data = await retryRead(async () => {
      const listed = await store.list()
      if (listed.error || !listed.data) throw storageReadError(bucket, listed.error)
      return listed.data
    })
  } catch (error) {
    console.error(`Could not list the bucket '${bucket}':`, error)
    const unavailable = isUnavailable(error)
    const failed = { bucket, title, artworkUrl, tracks: [], failed: true, unavailable }
    return FAILED_ON_SERVER && !unavailable ? { ...failed, retryInBrowser: true } : failed
  }
  const tracks = inTrackOrder(data.filter(isTrackEntry), await order).map((entry) => ({
    name: entry.name,
    url: store.getPublicUrl(entry.name).data.publicUrl,
    bucket,
  }))
  return { bucket, title, artworkUrl, tracks, failed: false }
}

/** All four volumes, in order; `failed` on each volume that could not be listed. */
export async function loadSoundtrackVolumes(client?: StorageClient): Promise<SoundtrackVolume[]> {
  const c = client ?? (await getSupabase())
  const order = loadTrackOrder(c)
  return Promise.all(SOUNDTRACK_BUCKETS.map((v) => loadVolume(c, v.bucket, v.title, order)))
}

/** Every bucket failed: the visitor gets the 'Failed to load soundtracks' toast. */
export function allVolumesFailed(volumes: readonly SoundtrackVolume[]): boolean {
  return volumes.length > 0 && volumes.every((v) => v.failed)
}

/** Some bucket failed on the server and the browser has yet to list it again. */
export function volumesToRetry(volumes: readonly SoundtrackVolume[]): boolean {
  return volumes.some((v) => v.retryInBrowser === true)
}

/** Every bucket failed and at least one because the backend is briefly down: "back in a moment". */
export function volumesUnavailable(volumes: readonly SoundtrackVolume[]): boolean {
  return allVolumesFailed(volumes) && volumes.some((v) => v.unavailable)
}
