// What the Home soundtrack shows for the loaded volumes: a volume picker over one compact player,
// "back in a moment" while the backend is down, or, with no tracks to play: 'No soundtracks
// available' only when every volume was listed and really is empty; while the browser lists again
// what failed on the server, 'Loading soundtracks...'; when none could be listed, 'Failed to load
// soundtracks'; when some could not, nothing (a failed bucket is only logged,
// docs/product/errors.md#when-a-read-fails).
import { useState } from 'react'
import {
  allVolumesFailed,
  volumesToRetry,
  volumesUnavailable,
  type SoundtrackVolume,
} from '../../lib/soundtrack-tracks'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import { LoadingState } from '../../ui/loading-state'
import { RetryInBrowser } from '../../ui/retry-in-browser'
import { SoundtrackPlayer } from './soundtrack-player'
import { SOUNDTRACKS_FAILED } from './use-load-failure-toast'
import './soundtrack.css'

export function HomeSoundtrackView({ volumes: all }: { volumes: readonly SoundtrackVolume[] }) {
  const [picked, setPicked] = useState(0)

  if (volumesUnavailable(all)) return <BackInAMoment />
  const retry = volumesToRetry(all) && <RetryInBrowser />
  const volumes = all.filter((v) => v.tracks.length > 0)
  const volume = volumes[picked] ?? volumes[0]
  if (!volume) {
    if (retry) {
      return (
        <>
          {retry}
          <LoadingState label="Loading soundtracks..." />
        </>
      )
    }
    if (allVolumesFailed(all)) return <p className="read-failed">{SOUNDTRACKS_FAILED}</p>
    if (all.some((v) => v.failed)) return null
    return <p className="player__empty home-soundtrack__empty">No soundtracks available</p>
  }

  return (
    <div className="home-soundtrack">
      {retry}
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
