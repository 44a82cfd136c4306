import { useLocation } from 'react-router'
import type { Deferred } from '../../lib/loader-data'
import type { ReadResult } from '../../lib/read-result'
import { Awaited } from '../../ui/awaited'
import { SubPage } from '../../ui/sub-page'
import type { Episode } from './api/fetch-episodes'
import { EpisodeGrid } from './episode-grid'

/** What a link to /episodes may ask for: 'WATCH RANDOM EPISODE' opens one at random. */
export type EpisodesLinkState = { randomEpisode?: boolean }

/**
 * Episodes (docs/product/pages.md#episodes): every episode from the database; #episode-N opens one
 * directly, and an open episode's address is its own page.
 */
export function EpisodesPage({ episodes }: { episodes: Deferred<ReadResult<Episode[]>> }) {
  const state = useLocation().state as EpisodesLinkState | null
  const openRandom = state?.randomEpisode === true
  return (
    <SubPage heading="Episodes" intro="Every episode of the building’s worst year, on repeat.">
      <Awaited value={episodes} loading="Loading episodes...">
        {(loaded) => <EpisodeGrid episodes={loaded} openFromHash openRandom={openRandom} eager />}
      </Awaited>
    </SubPage>
  )
}
