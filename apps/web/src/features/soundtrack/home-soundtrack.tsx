// The Home page's soundtrack player (docs/product/pages.md#home): one compact player with a picker
// for the four volumes, from Home's loader.
import type { Deferred } from '../../lib/loader-data'
import type { SoundtrackVolume } from '../../lib/soundtrack-tracks'
import { Awaited } from '../../ui/awaited'
import { HomeSoundtrackView } from './home-soundtrack-view'
import { useLoadFailureToast } from './use-load-failure-toast'

export function HomeSoundtrack({ volumes }: { volumes: Deferred<SoundtrackVolume[]> }) {
  return (
    <Awaited value={volumes} loading="Loading soundtracks...">
      {(loaded) => <LoadedHomeSoundtrack volumes={loaded} />}
    </Awaited>
  )
}

function LoadedHomeSoundtrack({ volumes }: { volumes: SoundtrackVolume[] }) {
  useLoadFailureToast(volumes)
  return <HomeSoundtrackView volumes={volumes} />
}
