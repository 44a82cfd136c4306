// The episode cards (docs/product/pages.md#episodes, docs/product/pages.md#home), from the route's
// loader. One episode is selected at a time; closing its dialog clears the selection. With
// `openFromHash`, /episodes#episode-N opens episode N once the page is live (the share menu's link;
// the server never sees the hash), and closing drops the hash again.
import { useEffect, useState } from 'react'
import type { ReadResult } from '../../lib/read-result'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import type { Episode } from './api/fetch-episodes'
import { episodeFromHash } from './episode-links'
import { EpisodeCard } from './episode-card'
import './episodes.css'

type EpisodeGridProps = {
  episodes: ReadResult<Episode[]>
  /** Show only the first `limit` episodes (Home shows three). */
  limit?: number
  openFromHash?: boolean
  headingLevel?: 2 | 3
  /** Thumbnails of a grid at the top of a page load eagerly. */
  eager?: boolean
}

export function EpisodeGrid({
  episodes: result,
  limit,
  openFromHash = false,
  headingLevel = 2,
  eager = false,
}: EpisodeGridProps) {
  const [selected, setSelected] = useState<number | null>(null)
  // The hash's episode opens once the grid is live (an unknown number opens nothing).
  useEffect(() => {
    if (!openFromHash) return
    const open = () => setSelected(episodeFromHash(window.location.hash))
    open()
    window.addEventListener('hashchange', open)
    return () => window.removeEventListener('hashchange', open)
  }, [openFromHash])

  if (result.status === 'unavailable') return <BackInAMoment />
  if (result.status === 'failed') {
    return (
      <p className="episodes-error" role="alert">
        The episodes could not be loaded. Please check your connection and try again.
      </p>
    )
  }
  if (result.data.length === 0) {
    return <p className="episodes-error">No episodes yet. The first one is on its way.</p>
  }

  const close = () => {
    setSelected(null)
    if (openFromHash && episodeFromHash(window.location.hash) !== null) {
      const { pathname, search } = window.location
      window.history.replaceState(window.history.state, '', pathname + search)
    }
  }

  const episodes = limit === undefined ? result.data : result.data.slice(0, limit)
  return (
    <ul className="episode-grid" aria-label="Episodes">
      {episodes.map((episode, index) => (
        <li key={episode.id}>
          <EpisodeCard
            episode={episode}
            open={selected === episode.episode_number}
            onOpenChange={(open) => (open ? setSelected(episode.episode_number) : close())}
            eager={eager && index < 2}
            priority={eager && index === 0}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  )
}
