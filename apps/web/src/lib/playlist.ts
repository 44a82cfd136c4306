// The rules of an audio playlist (docs/product/pages.md#audio-player), with no DOM: a list of
// tracks, the order they play in, which one is current and whether the order is shuffled. The
// players keep this in a reducer and let the <audio> element play whatever `currentTrack` names.

export type Playlist<T> = {
  readonly tracks: readonly T[]
  /** Indices into `tracks`, in play order. */
  readonly order: readonly number[]
  /** Position of the current track in `order`. */
  readonly current: number
  readonly shuffled: boolean
}

/** A source of numbers in [0, 1), like Math.random; tests hand in a seeded one. */
export type Rng = () => number

export function createPlaylist<T>(tracks: readonly T[]): Playlist<T> {
  return { tracks, order: tracks.map((_, i) => i), current: 0, shuffled: false }
}

export function currentTrack<T>(p: Playlist<T>): T | undefined {
  const index = p.order[p.current]
  return index === undefined ? undefined : p.tracks[index]
}

/** The tracks in the order they play. */
export function tracksInOrder<T>(p: Playlist<T>): T[] {
  return p.order.map((i) => p.tracks[i] as T)
}

/** The next track, wrapping from the last to the first; also what happens when a track ends. */
export function next<T>(p: Playlist<T>): Playlist<T> {
  if (p.order.length === 0) return p
  return { ...p, current: (p.current + 1) % p.order.length }
}

/** The previous track, wrapping from the first to the last. */
export function previous<T>(p: Playlist<T>): Playlist<T> {
  if (p.order.length === 0) return p
  return { ...p, current: (p.current - 1 + p.order.length) % p.order.length }
}

/** Makes the track at `position` in the play order current (a click on a playlist row). */
export function selectPosition<T>(p: Playlist<T>, position: number): Playlist<T> {
  if (!Number.isInteger(position) || position < 0 || position >= p.order.length) return p
  return { ...p, current: position }
}

/**
 * Shuffles: the current track moves to the start and keeps playing, the rest follow in a random
 * order (Fisher–Yates with the given RNG).
 */
export function shuffle<T>(p: Playlist<T>, rng: Rng): Playlist<T> {
  if (p.order.length === 0) return { ...p, shuffled: true }
  const head = p.order[p.current] as number
  const rest = p.order.filter((_, i) => i !== p.current)
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[rest[i], rest[j]] = [rest[j] as number, rest[i] as number]
  }
  return { ...p, order: [head, ...rest], current: 0, shuffled: true }
}

/** Back to the original order, with the current track at its original position. */
export function unshuffle<T>(p: Playlist<T>): Playlist<T> {
  const index = p.order[p.current] ?? 0
  return { ...p, order: p.tracks.map((_, i) => i), current: index, shuffled: false }
}

export function toggleShuffle<T>(p: Playlist<T>, rng: Rng): Playlist<T> {
  return p.shuffled ? unshuffle(p) : shuffle(p, rng)
}

/** 'Track n of m', n counted in the play order. */
export function trackPositionText<T>(p: Playlist<T>): string {
  return `Track ${p.order.length === 0 ? 0 : p.current + 1} of ${p.order.length}`
}

/** A file name as listeners see it: '.mp3', '.m4a' and '.wav' stripped, any case. */
export function displayName(fileName: string): string {
  return fileName.replace(/\.(mp3|m4a|wav)$/i, '')
}
