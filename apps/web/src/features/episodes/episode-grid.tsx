// The episode cards (docs/product/pages.md#episodes, docs/product/pages.md#home), from the route's
// loader. One episode is selected at a time; closing its dialog clears the selection. With
// `openFromHash` (the /episodes page): /episodes#episode-N opens episode N once the page is live
// (older shared links, search results; the server never sees the hash), `openRandom` opens one at
// random, and while a dialog is open the address is that episode's own page, /episodes/<slug> (a
// reload or a copied address opens the episode's page); closing puts /episodes back. The address is
// replaced, not pushed, and the router is not asked: the list stays as it is under the dialog.
import { useEffect, useRef, useState } from 'react'
import type { ReadResult } from '../../lib/read-result'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import type { Episode } from './api/fetch-episodes'
import { episodeFromHash, episodePath } from './episode-links'
import { EpisodeCard } from './episode-card'
import './episodes.css'

type EpisodeGridProps = {
  episodes: ReadResult<Episode[]>
  /** Show only the first `limit` episodes (Home shows three). */
  limit?: number
  openFromHash?: boolean
  /** Open a random episode once the grid is live ('WATCH RANDOM EPISODE'). */
  openRandom?: boolean
  headingLevel?: 2 | 3
  /** Thumbnails of a grid at the top of a page load eagerly. */
  eager?: boolean
}

export function EpisodeGrid({
  episodes: result,
  limit,
  openFromHash = false,
  openRandom = false,
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

  // Once, in the browser (a random pick while rendering could not match the server's HTML).
  const randomDone = useRef(false)
  useEffect(() => {
    if (!openRandom || randomDone.current || result.status !== 'ready') return
    randomDone.current = true
    const openOne = (episodes: readonly Episode[]) => {
      const pick = episodes[Math.floor(Math.random() * episodes.length)]
      if (pick) setSelected(pick.episode_number)
    }
    openOne(result.data)
  }, [openRandom, result])

  // The address follows the dialog: the open episode's page, or /episodes.
  useEffect(() => {
    if (!openFromHash || result.status !== 'ready') return
    const episode = result.data.find((e) => e.episode_number === selected)
    const { pathname, search, hash } = window.location
    const want = episode ? episodePath(episode.slug) : '/episodes' + search
    const shown = episodeFromHash(hash) === null ? pathname + search : pathname + search + hash
    if (shown === want) return
    // The router's own entry (its key and index) is kept; what a link asked for once (the
    // random episode) is not asked again by a reload.
    const state: unknown = window.history.state
    const kept = typeof state === 'object' && state !== null ? { ...state, usr: null } : state
    window.history.replaceState(kept, '', want)
  }, [openFromHash, selected, result])

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

  const close = () => setSelected(null)

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
