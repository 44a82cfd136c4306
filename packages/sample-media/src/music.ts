// The four sample soundtrack volumes, composed by this project and rendered at seed time, so the
// repository carries a few kilobytes of song descriptions instead of megabytes of audio. Each
// volume has its own flavour: lo-fi funk for rent day, 8-bit chiptune, hotel-bar lounge, and
// over-the-top "eviction" orchestral synth.
import { renderSong, type Song } from './compose.js'
import { SAMPLE_RATE } from './synth.js'
import { encodeWav } from './wav.js'

export type SoundtrackBucket =
  'soundtrack 1st' | 'soundtrack 2nd' | 'soundtrack 3rd' | 'soundtrack 4th'

export interface SampleTrack {
  bucket: SoundtrackBucket
  name: string
  contentType: string
  render(): Uint8Array
}

type SongSketch = Omit<Song, 'seed' | 'style'>

/** FNV-1a of the title: each track gets its own stable seed without a table of magic numbers. */
function seedOf(title: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < title.length; i++) h = Math.imul(h ^ title.charCodeAt(i), 0x01000193)
  return h >>> 0
}

const SHORT: Song['form'] = ['intro', 'verse', 'chorus', 'chorus', 'outro']
const LONG: Song['form'] = ['intro', 'verse', 'chorus', 'verse', 'chorus', 'outro']
const WITH_BRIDGE: Song['form'] = ['intro', 'verse', 'chorus', 'bridge', 'chorus', 'outro']

export const VOLUMES: ReadonlyArray<{
  bucket: SoundtrackBucket
  style: Song['style']
  songs: SongSketch[]
}> = [
  {
    bucket: 'soundtrack 1st',
    style: 'funk',
    songs: [
      {
        title: 'Rent Day Shuffle',
        bpm: 96,
        tonic: 45,
        mode: 'dorian',
        verse: [1, 4, 1, 4],
        chorus: [3, 7, 4, 1],
        form: SHORT,
      },
      {
        title: 'Late Fee Boogie',
        bpm: 100,
        tonic: 40,
        mode: 'minor',
        verse: [1, 6, 7, 1],
        chorus: [4, 5, 6, 7],
        outro: [7, 1],
        form: SHORT,
      },
      {
        title: "Bertha's Clipboard Strut",
        bpm: 92,
        tonic: 43,
        mode: 'mixolydian',
        verse: [1, 7, 4, 1],
        chorus: [4, 4, 1, 5],
        form: SHORT,
      },
      {
        title: 'Ramen Again',
        bpm: 88,
        tonic: 41,
        mode: 'dorian',
        verse: [1, 2, 1, 2],
        chorus: [4, 3, 2, 1],
        form: SHORT,
      },
      {
        title: 'Couch Cushion Change',
        bpm: 104,
        tonic: 42,
        mode: 'dorian',
        verse: [1, 4, 7, 4],
        chorus: [3, 4, 5, 4],
        form: SHORT,
      },
    ],
  },
  {
    bucket: 'soundtrack 2nd',
    style: 'chiptune',
    songs: [
      {
        title: 'Insert Coin (Rent Not Included)',
        bpm: 150,
        tonic: 48,
        mode: 'major',
        verse: [1, 6, 4, 5, 1, 6, 2, 5],
        chorus: [4, 5, 3, 6, 4, 5, 1, 1],
        form: SHORT,
      },
      {
        title: 'Penny Pinchers Theme',
        bpm: 140,
        tonic: 45,
        mode: 'minor',
        verse: [1, 7, 6, 7, 1, 7, 6, 5],
        chorus: [6, 7, 1, 1, 6, 7, 5, 5],
        form: SHORT,
      },
      {
        title: 'Whack-a-Bertha Boss Battle',
        bpm: 168,
        tonic: 47,
        mode: 'harmonicMinor',
        verse: [1, 1, 6, 5, 1, 1, 4, 5],
        chorus: [4, 5, 1, 6, 4, 2, 5, 5],
        form: SHORT,
      },
      {
        title: "Dez's Get-Rich-Quick Quest",
        bpm: 156,
        tonic: 43,
        mode: 'major',
        verse: [1, 4, 1, 5, 1, 4, 5, 1],
        chorus: [6, 4, 1, 5, 6, 4, 5, 5],
        form: SHORT,
      },
    ],
  },
  {
    bucket: 'soundtrack 3rd',
    style: 'lounge',
    songs: [
      {
        title: 'Cocktails at the Briggs Arms',
        bpm: 118,
        tonic: 41,
        mode: 'major',
        verse: [2, 5, 1, 6],
        chorus: [4, 3, 2, 5],
        form: LONG,
      },
      {
        title: 'Tubbs Cooks for Nobody',
        bpm: 108,
        tonic: 43,
        mode: 'major',
        verse: [1, 6, 2, 5],
        chorus: [3, 6, 2, 5],
        bridge: [4, 4, 3, 6],
        form: WITH_BRIDGE,
      },
      {
        title: "Rosie's Third Shift Serenade",
        bpm: 112,
        tonic: 38,
        mode: 'minor',
        verse: [1, 4, 7, 3],
        chorus: [6, 2, 5, 1],
        form: LONG,
      },
      {
        title: 'Smooth-Talking the Landlady',
        bpm: 124,
        tonic: 46,
        mode: 'major',
        verse: [2, 5, 3, 6],
        chorus: [2, 5, 1, 1],
        form: LONG,
      },
    ],
  },
  {
    bucket: 'soundtrack 4th',
    style: 'orchestral',
    songs: [
      {
        title: 'Eviction Notice Overture',
        bpm: 84,
        tonic: 38,
        mode: 'harmonicMinor',
        verse: [1, 6, 4, 5],
        chorus: [1, 4, 6, 5],
        form: SHORT,
      },
      {
        title: 'The Knock at Nine Sharp',
        bpm: 76,
        tonic: 36,
        mode: 'harmonicMinor',
        verse: [1, 1, 6, 5],
        chorus: [4, 1, 6, 5],
        form: SHORT,
      },
      {
        title: 'March of the Overdue',
        bpm: 96,
        tonic: 40,
        mode: 'harmonicMinor',
        verse: [1, 4, 1, 5],
        chorus: [6, 4, 1, 5],
        bridge: [4, 6, 2, 5],
        form: WITH_BRIDGE,
      },
      {
        title: 'Curlers of Doom',
        bpm: 80,
        tonic: 41,
        mode: 'harmonicMinor',
        verse: [1, 6, 2, 5],
        chorus: [4, 5, 1, 6],
        form: SHORT,
      },
    ],
  },
]

/** Every sample track, rendered only when `render()` is called. */
export function* sampleTracks(): Generator<SampleTrack> {
  for (const volume of VOLUMES)
    for (const sketch of volume.songs) {
      const song: Song = { ...sketch, style: volume.style, seed: seedOf(sketch.title) }
      yield {
        bucket: volume.bucket,
        name: `${sketch.title}.wav`,
        contentType: 'audio/wav',
        render: () => encodeWav(renderSong(song), SAMPLE_RATE),
      }
    }
}
