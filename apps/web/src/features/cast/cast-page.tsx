import { LoadingState } from '../../ui/loading-state'
import { SubPage } from '../../ui/sub-page'

/** Cast: the frame is ready; the content arrives with its own issue. */
export function CastPage() {
  return (
    <SubPage heading="Cast" intro="Tenants, neighbours and the people who voice them.">
      <LoadingState label="Loading the cast..." />
    </SubPage>
  )
}
