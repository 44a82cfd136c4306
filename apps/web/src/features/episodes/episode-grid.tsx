// The episode cards (SPEC §2 Episodes and Home 'Video Episodes'). One episode is selected at a
// time; closing its dialog clears the selection. With `openFromHash`, /episodes#episode-N opens
// episode N on load (the share menu's link), and closing drops the hash again.
import { useState } from 'react'
import { LoadingState } from '../../ui/loading-state'
import { episodeFromHash } from './episode-links'
import { EpisodeCard } from './episode-card'
import { useEpisodes } from './use-episodes'
import './episodes.css'

type EpisodeGridProps = {
  /** Show only the first `limit` episodes (Home shows three). */
  limit?: number
  openFromHash?: boolean
  headingLevel?: 2 | 3
  /** Thumbnails of a grid at the top of a page load eagerly. */
  eager?: boolean
}

export function EpisodeGrid({
  limit,
  openFromHash = false,
  headingLevel = 2,
  eager = false,
}: EpisodeGridProps) {
  const state = useEpisodes()
  // The hash's episode opens as soon as its card exists (an unknown number opens nothing).
  const [selected, setSelected] = useState<number | null>(() =>
    openFromHash ? episodeFromHash(window.location.hash) : null,
  )

  if (state.status === 'loading') return <LoadingState label="Loading episodes..." />
  if (state.status === 'error') {
    return (
      <p className="episodes-error" role="alert">
        The episodes could not be loaded. Please check your connection and try again.
      </p>
    )
  }
  if (state.episodes.length === 0) {
    return <p className="episodes-error">No episodes yet. The first one is on its way.</p>
  }

  const close = () => {
    setSelected(null)
    if (openFromHash && episodeFromHash(window.location.hash) !== null) {
      const { pathname, search } = window.location
      window.history.replaceState(window.history.state, '', pathname + search)
    }
  }

  const episodes = limit === undefined ? state.episodes : state.episodes.slice(0, limit)
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
