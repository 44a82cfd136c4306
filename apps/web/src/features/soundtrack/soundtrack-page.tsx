import { LoadingState } from '../../ui/loading-state'
import { SubPage } from '../../ui/sub-page'

/** Soundtrack: the frame is ready; the content arrives with its own issue. */
export function SoundtrackPage() {
  return (
    <SubPage
      heading="Soundtrack"
      intro="Four volumes of music from the walk-up. Turn it up; Bertha can’t hear you."
    >
      <LoadingState label="Loading soundtracks..." />
    </SubPage>
  )
}
