import { afterEach, describe, expect, it, vi } from 'vitest'
import { allVolumesFailed, isTrackEntry, loadSoundtrackVolumes } from './soundtrack-tracks'

type Entry = { name: string; id: string | null }
type Listing = { data: Entry[] | null; error: Error | null }

type OrderRow = { object_id: string; position: number }

/**
 * A stand-in for supabase-js: storage list() per bucket and getPublicUrl like the real one, and
 * the track_order read.
 */
function fakeClient(
  listings: Record<string, Listing>,
  order: { data: OrderRow[] | null; error: Error | null; status?: number } = {
    data: [],
    error: null,
  },
) {
  const from = (bucket: string) => ({
    list: async () => listings[bucket] ?? { data: [], error: null },
    getPublicUrl: (name: string) => ({
      data: {
        publicUrl: `http://x/storage/v1/object/public/${encodeURIComponent(bucket)}/${encodeURIComponent(name)}`,
      },
    }),
  })
  const table = () => ({ select: async () => ({ status: 200, ...order }) })
  return { storage: { from }, from: table } as never
}

const ok = (...names: string[]): Listing => ({
  data: names.map((name, i) => ({ name, id: `id-${i}` })),
  error: null,
})

afterEach(() => vi.restoreAllMocks())

describe('isTrackEntry', () => {
  it('skips folders and placeholder objects', () => {
    expect(isTrackEntry({ name: 'Ramen Again.wav', id: 'x' })).toBe(true)
    expect(isTrackEntry({ name: '.emptyFolderPlaceholder', id: 'x' })).toBe(false)
    expect(isTrackEntry({ name: 'old', id: null })).toBe(false)
    expect(isTrackEntry({ name: '', id: 'x' })).toBe(false)
  })
})

describe('loadSoundtrackVolumes', () => {
  it('plays each volume in the team’s order, unordered tracks after, by name', async () => {
    const volumes = await loadSoundtrackVolumes(
      fakeClient(
        { 'soundtrack 1st': ok('A.wav', 'B.wav', 'C.wav', 'D.wav') },
        {
          data: [
            { object_id: 'id-2', position: 0 },
            { object_id: 'id-0', position: 1 },
            { object_id: 'gone', position: 2 },
          ],
          error: null,
        },
      ),
    )
    expect(volumes[0]?.tracks.map((t) => t.name)).toEqual(['C.wav', 'A.wav', 'B.wav', 'D.wav'])
  })

  it('keeps the names’ order (and says so in the log) when the order cannot be read', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const volumes = await loadSoundtrackVolumes(
      fakeClient(
        { 'soundtrack 1st': ok('A.wav', 'B.wav') },
        { data: null, error: new Error('boom'), status: 400 },
      ),
    )
    expect(volumes[0]?.tracks.map((t) => t.name)).toEqual(['A.wav', 'B.wav'])
    expect(log).toHaveBeenCalledWith(
      'Could not load the track order; tracks play by name:',
      expect.any(Error),
    )
  })

  it('lists the four buckets in order with public URLs and icons', async () => {
    const volumes = await loadSoundtrackVolumes(
      fakeClient({
        'soundtrack 1st': ok('A.wav', '.emptyFolderPlaceholder'),
        'soundtrack 2nd': ok('B.mp3'),
        'soundtrack 3rd': { data: [{ name: 'sub', id: null }], error: null },
        'soundtrack 4th': ok('C.m4a', 'D.wav'),
      }),
    )
    expect(volumes.map((v) => v.title)).toEqual([
      '1st Volume',
      '2nd Volume',
      '3rd Volume',
      '4th Volume',
    ])
    expect(volumes[0]).toEqual({
      bucket: 'soundtrack 1st',
      title: '1st Volume',
      artworkUrl:
        'http://x/storage/v1/object/public/Rent%20Due%20Game%20Images/soundtrack%201st%20icon.svg',
      tracks: [
        {
          name: 'A.wav',
          url: 'http://x/storage/v1/object/public/soundtrack%201st/A.wav',
          bucket: 'soundtrack 1st',
        },
      ],
      failed: false,
    })
    expect(volumes[2]?.tracks).toEqual([])
    expect(volumes[3]?.tracks.map((t) => t.name)).toEqual(['C.m4a', 'D.wav'])
    expect(allVolumesFailed(volumes)).toBe(false)
  })

  it('logs and skips a bucket whose list fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const volumes = await loadSoundtrackVolumes(
      fakeClient({
        'soundtrack 1st': ok('A.wav'),
        'soundtrack 2nd': { data: null, error: new Error('boom') },
      }),
    )
    expect(volumes[1]).toMatchObject({ title: '2nd Volume', tracks: [], failed: true })
    expect(volumes[0]?.failed).toBe(false)
    expect(log).toHaveBeenCalledTimes(1)
    expect(String(log.mock.calls[0]?.[0])).toContain("'soundtrack 2nd'")
    expect(allVolumesFailed(volumes)).toBe(false)
  })

  it('reports when every bucket failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const down: Listing = { data: null, error: new Error('down') }
    const volumes = await loadSoundtrackVolumes(
      fakeClient({
        'soundtrack 1st': down,
        'soundtrack 2nd': down,
        'soundtrack 3rd': down,
        'soundtrack 4th': down,
      }),
    )
    expect(allVolumesFailed(volumes)).toBe(true)
    expect(allVolumesFailed([])).toBe(false)
  })
})
