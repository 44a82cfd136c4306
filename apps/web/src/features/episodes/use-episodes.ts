// Loads the episodes once per mount. A failure is logged and reported as 'error' so the page can
// say so clearly instead of showing an empty grid.
import { useEffect, useState } from 'react'
import { fetchEpisodes, type Episode } from './api/fetch-episodes'

export type EpisodesState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; episodes: Episode[] }

export function useEpisodes(enabled = true): EpisodesState {
  const [state, setState] = useState<EpisodesState>({ status: 'loading' })
  useEffect(() => {
    if (!enabled) return
    let current = true
    fetchEpisodes().then(
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
  }, [enabled])
  return state
}
