import { LoadingState } from '../../ui/loading-state'
import { SubPage } from '../../ui/sub-page'

/** Creators: the frame is ready; the content arrives with its own issue. */
export function CreatorsPage() {
  return (
    <SubPage heading="Creators" intro="The people who keep the lights on at The Briggs Arms.">
      <LoadingState label="Loading creators..." />
    </SubPage>
  )
}
