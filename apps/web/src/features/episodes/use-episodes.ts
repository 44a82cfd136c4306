// Loads the episodes once per mount. A failure is logged and reported as 'error' so the page can
// say so clearly instead of showing an empty grid. A read started by primeEpisodes() shortly
// before serves the next grids to mount, so /episodes can render its cards at once.
import { useEffect, useState } from 'react'
import { fetchEpisodes, type Episode } from './api/fetch-episodes'

export type EpisodesState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; episodes: Episode[] }

/** How long a primed read stands in for a grid's own read. */
const PRIMED_FOR_MS = 10_000

type PrimedRead = { at: number; promise: Promise<Episode[]>; episodes?: Episode[] }
let primed: PrimedRead | undefined

function freshPrimed(): PrimedRead | undefined {
  return primed && performance.now() - primed.at < PRIMED_FOR_MS ? primed : undefined
}

function startRead(): PrimedRead {
  const read: PrimedRead = { at: performance.now(), promise: fetchEpisodes() }
  read.promise.then(
    (episodes) => (read.episodes = episodes),
    () => undefined, // the grid's hook reports it
  )
  primed = read
  return read
}

/** Starts reading the episodes for the grid about to mount; settles when the read has. */
export function primeEpisodes(): Promise<void> {
  return (freshPrimed() ?? startRead()).promise.then(
    () => undefined,
    () => undefined,
  )
}

export function useEpisodes(enabled = true): EpisodesState {
  const [state, setState] = useState<EpisodesState>(() => {
    const episodes = enabled ? freshPrimed()?.episodes : undefined
    return episodes ? { status: 'ready', episodes } : { status: 'loading' }
  })
  const ready = state.status === 'ready'
  useEffect(() => {
    if (!enabled || ready) return
    let current = true
    ;(freshPrimed()?.promise ?? fetchEpisodes()).then(
      (episodes) => {
        if (current) setState({ status: 'ready', episodes })
      },
      (error: unknown) => {
        console.error('Loading the episodes failed', error)
        if (current) setState({ status: 'error' })
      },
    )
    return () => {
      current = false
    }
  }, [enabled, ready])
  return state
}
