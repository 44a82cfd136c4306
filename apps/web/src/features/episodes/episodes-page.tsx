import { SubPage } from '../../ui/sub-page'
import { EpisodeGrid } from './episode-grid'

/** Episodes (SPEC §2): every episode from the database; #episode-N opens one directly. */
export function EpisodesPage() {
  return (
    <SubPage heading="Episodes" intro="Every episode of the building’s worst year, on repeat.">
      <EpisodeGrid openFromHash eager />
    </SubPage>
  )
}
