// The Soundtrack page (docs/product/pages.md#soundtrack): four volumes, each its own player;
// starting one pauses the others (and the radio bar). The volumes come from the route's loader.
import type { Deferred } from '../../lib/loader-data'
import { volumesUnavailable, type SoundtrackVolume } from '../../lib/soundtrack-tracks'
import { Awaited } from '../../ui/awaited'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import { SubPage } from '../../ui/sub-page'
import { SoundtrackPlayer } from './soundtrack-player'
import { useLoadFailureToast } from './use-load-failure-toast'
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
  return (
    <div className="soundtrack-grid">
      {volumes.map((v) => (
        <SoundtrackPlayer
          key={v.bucket}
          title={v.title}
          artworkUrl={v.failed ? undefined : v.artworkUrl}
          tracks={v.tracks}
        />
      ))}
    </div>
  )
}
