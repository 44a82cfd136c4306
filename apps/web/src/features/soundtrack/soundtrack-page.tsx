// The Soundtrack page (docs/product/pages.md#soundtrack): four volumes, each its own player;
// starting one pauses the others (and the radio bar). The volumes come from the route's loader. 'No
// tracks available' only for a volume that really has none: a volume whose list failed is skipped
// (docs/product/errors.md#error-messages), after the browser has listed it again if it failed on
// the server ('Loading soundtracks...' until then); when none could be listed the page says 'Failed
// to load soundtracks'.
import type { Deferred } from '../../lib/loader-data'
import {
  allVolumesFailed,
  volumesToRetry,
  volumesUnavailable,
  type SoundtrackVolume,
} from '../../lib/soundtrack-tracks'
import { Awaited } from '../../ui/awaited'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import { RetryInBrowser } from '../../ui/retry-in-browser'
import { SubPage } from '../../ui/sub-page'
import { SoundtrackPlayer } from './soundtrack-player'
import { SOUNDTRACKS_FAILED, useLoadFailureToast } from './use-load-failure-toast'
import './soundtrack.css'

export function SoundtrackPage({ volumes }: { volumes: Deferred<SoundtrackVolume[]> }) {
  return (
    <SubPage
      heading="Soundtrack"
      intro="Four volumes of music from the walk-up. Turn it up; Bertha can’t hear you."
    >
      <Awaited value={volumes} loading="Loading soundtracks...">
        {(loaded) => <SoundtrackGrid volumes={loaded} />}
      </Awaited>
    </SubPage>
  )
}

function SoundtrackGrid({ volumes }: { volumes: SoundtrackVolume[] }) {
  useLoadFailureToast(volumes)
  if (volumesUnavailable(volumes)) return <BackInAMoment />
  const retry = volumesToRetry(volumes)
  if (allVolumesFailed(volumes) && !retry) {
    return <p className="read-failed">{SOUNDTRACKS_FAILED}</p>
  }
  return (
    <div className="soundtrack-grid">
      {retry && <RetryInBrowser />}
      {volumes.map((v) =>
        v.failed && !v.retryInBrowser ? null : (
          <SoundtrackPlayer
            key={v.bucket}
            title={v.title}
            artworkUrl={v.failed ? undefined : v.artworkUrl}
            tracks={v.tracks}
            emptyText={v.failed ? 'Loading soundtracks...' : undefined}
          />
        ),
      )}
    </div>
  )
}
