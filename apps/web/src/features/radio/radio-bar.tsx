// The Rent Due Radio (SPEC §2 Home, §9): a bar fixed to the bottom of every page, shown once its
// tracks have loaded. It lives in the root layout, outside the routed page, so its one <audio>
// element keeps playing while the visitor moves around the site. Its volumes come from the
// layout's loader; a bucket that could not be listed was only logged.
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { displayName } from '../../lib/playlist'
import type { Deferred } from '../../lib/loader-data'
import type { SoundtrackVolume } from '../../lib/soundtrack-tracks'
import { usePlaylistAudio } from '../../lib/use-playlist-audio'
import {
  handleMediaSessionActions,
  setMediaSessionPlaying,
  showTrackInMediaSession,
  type RadioActions,
} from './media-session'
import { radioTracks, type RadioTrack } from './radio-tracks'
import './radio-bar.css'
import { MediaIcon } from '../../ui/media-icon'
import { TransportButtons } from '../../ui/transport-buttons'

const DEFAULT_VOLUME = 70

export function RadioBar({ volumes }: { volumes: Deferred<SoundtrackVolume[]> }) {
  const [tracks, setTracks] = useState<RadioTrack[]>([])
  useEffect(() => {
    let live = true
    Promise.resolve(volumes)
      .then((loaded) => {
        if (live) setTracks(radioTracks(loaded))
      })
      .catch((error: unknown) => console.error('The radio could not load its tracks:', error))
    return () => {
      live = false
    }
  }, [volumes])
  if (tracks.length === 0) return null
  return <RadioDeck tracks={tracks} />
}

/** While the bar shows: its height as --radio-bar-height and a flag on <html> (radio-bar.css). */
function useReservedSpace(bar: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const root = document.documentElement
    const element = bar.current
    if (!element) return
    const measure = () =>
      root.style.setProperty(
        '--radio-bar-height',
        `${Math.ceil(element.getBoundingClientRect().height)}px`,
      )
    root.dataset.radioBar = 'on'
    // The observer's first call comes after the next layout and before that frame is painted;
    // measuring here would force that layout into React's commit.
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => {
      observer.disconnect()
      delete root.dataset.radioBar
      root.style.removeProperty('--radio-bar-height')
    }
  }, [bar])
}

function RadioDeck({ tracks }: { tracks: RadioTrack[] }) {
  const player = usePlaylistAudio(tracks)
  const { audioRef, track, playing } = player
  const [volume, setVolume] = useState(DEFAULT_VOLUME)
  const [volumeOpen, setVolumeOpen] = useState(false)
  const barRef = useRef<HTMLElement>(null)
  const titleId = useId()
  const volumeId = useId()
  const volumeRowId = useId()
  useReservedSpace(barRef)

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume / 100
  }, [audioRef, volume])

  useEffect(() => {
    if (track) showTrackInMediaSession(track)
  }, [track])

  useEffect(() => setMediaSessionPlaying(playing), [playing])

  // The handlers are registered once and always call the latest controls.
  const actions = useRef<RadioActions | null>(null)
  useEffect(() => {
    actions.current = {
      play: player.play,
      pause: player.pause,
      previous: player.previous,
      next: player.next,
      seekTo: (seconds) => {
        if (audioRef.current) audioRef.current.currentTime = seconds
      },
    }
  })
  useEffect(
    () =>
      handleMediaSessionActions({
        play: () => actions.current?.play(),
        pause: () => actions.current?.pause(),
        previous: () => actions.current?.previous(),
        next: () => actions.current?.next(),
        seekTo: (s) => actions.current?.seekTo(s),
      }),
    [],
  )

  const name = track ? displayName(track.name) : ''

  return (
    <section
      ref={barRef}
      className="radio-bar"
      aria-labelledby={titleId}
      data-playing={playing}
      data-volume-open={volumeOpen}
    >
      <div className="radio-bar__inner">
        <span className="radio-bar__grille" aria-hidden="true" />
        <div className="radio-bar__dial">
          <p className="radio-bar__brand">
            <span id={titleId} className="radio-bar__title">
              Rent Due Radio
            </span>
            <span className="radio-bar__on-air" aria-hidden="true" />
            <span className="radio-bar__album">{track?.album}</span>
          </p>
          <p className="radio-bar__now">
            <span className="radio-bar__now-label">Now Playing</span>{' '}
            <span className="radio-bar__track">{name}</span>
          </p>
        </div>
        <div className="radio-bar__controls">
          <TransportButtons
            block="radio-bar"
            iconClassName="radio-icon"
            playing={playing}
            onPrevious={player.previous}
            onTogglePlay={player.togglePlay}
            onNext={player.next}
          />
          <button
            type="button"
            className="radio-bar__button radio-bar__volume-toggle"
            aria-label="Volume"
            aria-expanded={volumeOpen}
            aria-controls={volumeRowId}
            onClick={() => setVolumeOpen((open) => !open)}
          >
            <MediaIcon name="volume" className="radio-icon" />
          </button>
        </div>
        <div className="radio-bar__volume" id={volumeRowId}>
          <label htmlFor={volumeId}>
            <span className="radio-bar__hidden">Radio </span>Volume
          </label>
          <input
            id={volumeId}
            type="range"
            min={0}
            max={100}
            step={1}
            value={volume}
            aria-valuetext={`${volume}%`}
            onChange={(event) => setVolume(Number(event.target.value))}
          />
        </div>
      </div>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- music has no spoken words to caption */}
      <audio ref={audioRef} src={track?.url} preload="none" {...player.audioEvents} />
    </section>
  )
}
