// What the Home soundtrack shows for a loading state: the loading text, 'No soundtracks
// available', or a volume picker over one compact player.
import { useState } from 'react'
import { LoadingState } from '../../ui/loading-state'
import { SoundtrackPlayer } from './soundtrack-player'
import type { VolumesState } from './use-soundtrack-volumes'
import './soundtrack.css'

export function HomeSoundtrackView({ state }: { state: VolumesState }) {
  const [picked, setPicked] = useState(0)

  if (state.status === 'loading') return <LoadingState label="Loading soundtracks..." />
  const volumes = state.status === 'ready' ? state.volumes.filter((v) => v.tracks.length > 0) : []
  const volume = volumes[picked] ?? volumes[0]
  if (!volume) {
    return <p className="player__empty home-soundtrack__empty">No soundtracks available</p>
  }

  return (
    <div className="home-soundtrack">
      {volumes.length > 1 && (
        <div className="volume-picker" role="group" aria-label="Choose a volume">
          {volumes.map((v, i) => (
            <button
              key={v.bucket}
              type="button"
              className="volume-picker__button"
              aria-pressed={v === volume}
              onClick={() => setPicked(i)}
            >
              {v.title}
            </button>
          ))}
        </div>
      )}
      <SoundtrackPlayer
        key={volume.bucket}
        title={volume.title}
        artworkUrl={volume.artworkUrl}
        tracks={volume.tracks}
        headingLevel={3}
        compact
      />
    </div>
  )
}
