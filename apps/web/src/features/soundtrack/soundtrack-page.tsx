// The Soundtrack page (SPEC §2): four volumes, each its own player; starting one pauses the
// others (and the radio bar).
import { SOUNDTRACK_BUCKETS } from '../../lib/soundtrack-tracks'
import { LoadingState } from '../../ui/loading-state'
import { SubPage } from '../../ui/sub-page'
import { SoundtrackPlayer } from './soundtrack-player'
import { useSoundtrackVolumes } from './use-soundtrack-volumes'
import './soundtrack.css'

export function SoundtrackPage() {
  const state = useSoundtrackVolumes()
  return (
    <SubPage
      heading="Soundtrack"
      intro="Four volumes of music from the walk-up. Turn it up; Bertha can’t hear you."
    >
      {state.status === 'loading' ? (
        <LoadingState label="Loading soundtracks..." />
      ) : (
        <div className="soundtrack-grid">
          {state.status === 'ready'
            ? state.volumes.map((v) => (
                <SoundtrackPlayer
                  key={v.bucket}
                  title={v.title}
                  artworkUrl={v.artworkUrl}
                  tracks={v.tracks}
                />
              ))
            : SOUNDTRACK_BUCKETS.map((v) => (
                <SoundtrackPlayer key={v.bucket} title={v.title} tracks={[]} />
              ))}
        </div>
      )}
    </SubPage>
  )
}
