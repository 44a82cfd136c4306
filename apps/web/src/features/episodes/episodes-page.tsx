import { SubPage } from '../../ui/sub-page'
import { EpisodeGrid } from './episode-grid'
import { primeEpisodes } from './use-episodes'

/** How long the page waits for its episodes before it renders with the grid still loading. */
const WAIT_FOR_EPISODES_MS = 1500

/**
 * Reads the episodes before the page first renders, so it replaces the server's first paint
 * (which already shows the cards) with cards, not with a loading state in between.
 */
export function prepareEpisodesPage(): Promise<void> {
  return Promise.race([
    primeEpisodes(),
    new Promise<void>((resolve) => setTimeout(resolve, WAIT_FOR_EPISODES_MS)),
  ])
}

/** Episodes (SPEC §2): every episode from the database; #episode-N opens one directly. */
export function EpisodesPage() {
  return (
    <SubPage heading="Episodes" intro="Every episode of the building’s worst year, on repeat.">
      <EpisodeGrid openFromHash eager />
    </SubPage>
  )
}
