// The share link and text of an episode: /episodes#episode-N opens that episode's dialog.
import type { Episode } from './api/fetch-episodes'

export function episodeHash(episodeNumber: number): string {
  return `#episode-${episodeNumber}`
}

export function episodeShareUrl(episodeNumber: number, origin = window.location.origin): string {
  return `${origin}/episodes${episodeHash(episodeNumber)}`
}

export function episodeShareText(episode: Pick<Episode, 'episode_number' | 'title'>): string {
  return `Watch Rent Due EP ${episode.episode_number}: ${episode.title}`
}

/** The episode number a location hash asks for, or null. */
export function episodeFromHash(hash: string): number | null {
  const match = /^#episode-(\d{1,4})$/.exec(hash)
  return match ? Number(match[1]) : null
}
