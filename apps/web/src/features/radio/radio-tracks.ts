// What the radio plays (docs/product/pages.md#radio-bar): every .mp3 and .wav file of the four
// volumes, volume by volume; other formats (.m4a …) stay on the Soundtrack page.
import type { SoundtrackTrack, SoundtrackVolume } from '../../lib/soundtrack-tracks'

/** The radio's queue in the site's one player (lib/audio-engine.ts). */
export const RADIO_QUEUE = 'radio'

export type RadioTrack = SoundtrackTrack & {
  /** The volume it comes from, e.g. '1st Volume' (the Media Session album). */
  album: string
  artworkUrl: string
}

export function isRadioFile(name: string): boolean {
  return /\.(mp3|wav)$/i.test(name)
}

export function radioTracks(volumes: readonly SoundtrackVolume[]): RadioTrack[] {
  return volumes.flatMap((v) =>
    v.tracks
      .filter((t) => isRadioFile(t.name))
      .map((t) => ({ ...t, album: v.title, artworkUrl: v.artworkUrl })),
  )
}
