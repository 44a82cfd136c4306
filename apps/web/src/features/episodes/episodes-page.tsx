import type { Deferred } from '../../lib/loader-data'
import type { ReadResult } from '../../lib/read-result'
import { Awaited } from '../../ui/awaited'
import { SubPage } from '../../ui/sub-page'
import type { Episode } from './api/fetch-episodes'
import { EpisodeGrid } from './episode-grid'

/**
 * Episodes (docs/product/pages.md#episodes): every episode from the database; #episode-N opens one
 * directly.
 */
export function EpisodesPage({ episodes }: { episodes: Deferred<ReadResult<Episode[]>> }) {
  return (
    <SubPage heading="Episodes" intro="Every episode of the building’s worst year, on repeat.">
      <Awaited value={episodes} loading="Loading episodes...">
        {(loaded) => <EpisodeGrid episodes={loaded} openFromHash eager />}
      </Awaited>
    </SubPage>
  )
}
