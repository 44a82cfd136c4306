import { LoadingState } from '../../ui/loading-state'
import { SubPage } from '../../ui/sub-page'

/** Episodes: the frame is ready; the content arrives with its own issue. */
export function EpisodesPage() {
  return (
    <SubPage heading="Episodes" intro="Every episode of the building’s worst year, on repeat.">
      <LoadingState label="Loading episodes..." />
    </SubPage>
  )
}
