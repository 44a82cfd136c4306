// The Rent Due Radio (docs/product/pages.md#radio-bar): a bar fixed to the bottom of every page,
// shown once its tracks have loaded. It lives in the root layout, outside the routed page, so its
// one <audio> element keeps playing while the visitor moves around the site. Its volumes come from
// the layout's loader; a bucket that could not be listed was only logged.
// On phones it is a mini player (title, play/pause, next) that opens into the full bar when its
// title is tapped, and while a game has the screen it folds into a pill (decision 200). The three
// modes are one element tree styled by `data-mode`, so the <audio> never remounts.
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { usePlayMode } from '../../lib/play-mode'
import { displayName } from '../../lib/playlist'
import { reserveRadioBarSpace } from '../../lib/radio-bar-space'
import type { Deferred } from '../../lib/loader-data'
import type { SoundtrackVolume } from '../../lib/soundtrack-tracks'
import { usePlaylistAudio } from '../../lib/use-playlist-audio'
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query'
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

/** 'full': the whole bar; 'mini': the phone's one row; 'pill': folded beside a game in play. */
type RadioMode = 'full' | 'mini' | 'pill'

/**
 * While the bar shows: its mode as data-radio-bar on <html> (the stylesheets fit the games button
 * around it) and its height as the room kept below the page (lib/radio-bar-space.ts), except for
 * the pill, which the game's play area makes room for (ui/game-stage.css).
 */
function useReservedSpace(bar: RefObject<HTMLElement | null>, mode: RadioMode) {
  const reserves = mode !== 'pill'
  useLayoutEffect(() => {
    const element = bar.current
    if (!element || !reserves) return
    // The observer's first call comes after the next layout and before that frame is painted;
    // measuring here would force that layout into React's commit.
    const observer = new ResizeObserver(() =>
      reserveRadioBarSpace(Math.ceil(element.getBoundingClientRect().height)),
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      reserveRadioBarSpace(0)
    }
  }, [bar, reserves])
  useLayoutEffect(() => {
    const root = document.documentElement
    root.dataset.radioBar = mode
    return () => {
      delete root.dataset.radioBar
    }
  }, [mode])
}

function RadioDeck({ tracks }: { tracks: RadioTrack[] }) {
  const player = usePlaylistAudio(tracks)
  const { audioRef, track, playing } = player
  const [volume, setVolume] = useState(DEFAULT_VOLUME)
  const [volumeOpen, setVolumeOpen] = useState(false)
  const [expanded, setExpanded] = useState(false)
  const phone = useMediaQuery(PHONE_QUERY)
  const playMode = usePlayMode()
  const mode: RadioMode = playMode ? 'pill' : phone && !expanded ? 'mini' : 'full'
  const barRef = useRef<HTMLElement>(null)
  const titleId = useId()
  const volumeId = useId()
  const volumeRowId = useId()
  const controlsId = useId()
  useReservedSpace(barRef, mode)

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
  const dial = (
    <>
      <span className="radio-bar__brand">
        <span id={titleId} className="radio-bar__title">
          Rent Due Radio
        </span>
        <span className="radio-bar__on-air" aria-hidden="true" />
        <span className="radio-bar__album">{track?.album}</span>
      </span>
      <span className="radio-bar__now">
        <span className="radio-bar__now-label">Now Playing</span>{' '}
        <span className="radio-bar__track">{name}</span>
      </span>
    </>
  )

  return (
    <section
      ref={barRef}
      className="radio-bar"
      aria-labelledby={titleId}
      data-mode={mode}
      data-playing={playing}
      data-volume-open={volumeOpen}
    >
      <div className="radio-bar__inner">
        <span className="radio-bar__grille" aria-hidden="true" />
        {mode === 'pill' && (
          <span className="radio-bar__badge" aria-hidden="true">
            <MediaIcon name="volume" className="radio-icon" />
            <span className="radio-bar__on-air" />
          </span>
        )}
        {/* On a phone the tuning window opens and closes the full bar (not in the pill, where
            it is there for screen readers only). */}
        {phone && mode !== 'pill' ? (
          <button
            type="button"
            className="radio-bar__dial radio-bar__dial--toggle"
            aria-expanded={expanded}
            aria-controls={controlsId}
            onClick={() => setExpanded((open) => !open)}
          >
            {dial}
            <span className="radio-bar__chevron" aria-hidden="true" />
          </button>
        ) : (
          <div className="radio-bar__dial">{dial}</div>
        )}
        <div className="radio-bar__controls" id={controlsId}>
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
