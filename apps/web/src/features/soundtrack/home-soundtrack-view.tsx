// What the Home soundtrack shows for the loaded volumes: 'No soundtracks available', "back in a
// moment" while the backend is down, or a volume picker over one compact player.
import { useState } from 'react'
import { volumesUnavailable, type SoundtrackVolume } from '../../lib/soundtrack-tracks'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import { SoundtrackPlayer } from './soundtrack-player'
import './soundtrack.css'

export function HomeSoundtrackView({ volumes: all }: { volumes: readonly SoundtrackVolume[] }) {
  const [picked, setPicked] = useState(0)

  if (volumesUnavailable(all)) return <BackInAMoment />
  const volumes = all.filter((v) => v.tracks.length > 0)
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
