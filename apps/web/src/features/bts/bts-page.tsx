import { LoadingState } from '../../ui/loading-state'
import { SubPage } from '../../ui/sub-page'

/** Behind the Scenes: the frame is ready; the content arrives with its own issue. */
export function BtsPage() {
  return (
    <SubPage heading="Behind the Scenes" intro="How the building gets drawn, voiced and scored.">
      <LoadingState label="Loading behind the scenes content..." />
    </SubPage>
  )
}
