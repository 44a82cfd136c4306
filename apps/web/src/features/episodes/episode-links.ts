// An episode's own page and share link: /episodes/<slug> (its slug is kept by the database). The
// older /episodes#episode-N links (search results, links shared before) still open that episode's
// dialog on /episodes.
import type { Episode } from './api/fetch-episodes'

/** What a slug may look like (the database's CHECK on episodes.slug). */
export const SLUG_FORMAT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export function isEpisodeSlug(value: string): boolean {
  return value.length <= 80 && SLUG_FORMAT.test(value)
}

export function episodeHash(episodeNumber: number): string {
  return `#episode-${episodeNumber}`
}

/** The site path of an episode's page. */
export function episodePath(slug: string): string {
  return `/episodes/${slug}`
}

export function episodeShareUrl(slug: string, origin = window.location.origin): string {
  return `${origin}${episodePath(slug)}`
}

export function episodeShareText(episode: Pick<Episode, 'episode_number' | 'title'>): string {
  return `Watch Rent Due EP ${episode.episode_number}: ${episode.title}`
}

/** 'EP 2: The Pyramid Is a Triangle': the dialog's and the episode page's heading. */
export function episodeLabel(episode: Pick<Episode, 'episode_number' | 'title'>): string {
  return `EP ${episode.episode_number}: ${episode.title}`
}

/** The episode number a location hash asks for, or null. */
export function episodeFromHash(hash: string): number | null {
  const match = /^#episode-(\d{1,4})$/.exec(hash)
  return match ? Number(match[1]) : null
}
