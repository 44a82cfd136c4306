// The Rent Due Radio (docs/product/pages.md#radio-bar): a bar fixed to the bottom of every page,
// shown once its tracks have loaded. It is the face of the site's one audio player
// (lib/audio-engine.ts, decision 355): it shows and drives whatever plays, the radio's own queue or
// a soundtrack volume started on the Soundtrack page or Home, with a progress bar that seeks. It
// lives in the root layout, outside the routed page, and holds the player's <audio> element, so the
// music keeps playing while the visitor moves around the site. Its volumes come from the layout's
// loader; a bucket that could not be listed was only logged.
// On phones it is a mini player (title, play/pause, next) that opens into the full bar when its
// title is tapped, and while a game has the screen it folds into a pill (decision 200). The three
// modes are one element tree styled by `data-mode`, so the <audio> never remounts.
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import {
  attachAudio,
  prepare,
  queueView,
  setVolume,
  usePlayer,
  type Queue,
} from '../../lib/audio-engine'
import { usePlayMode } from '../../lib/play-mode'
import { currentTrack, displayName } from '../../lib/playlist'
import { reserveRadioBarSpace } from '../../lib/radio-bar-space'
import type { Deferred } from '../../lib/loader-data'
import type { SoundtrackVolume } from '../../lib/soundtrack-tracks'
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query'
import { RADIO_QUEUE, radioTracks, type RadioTrack } from './radio-tracks'
import './radio-bar.css'
import { MediaIcon } from '../../ui/media-icon'
import { SeekBar } from '../../ui/seek-bar'
import { TransportButtons } from '../../ui/transport-buttons'

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
  const player = usePlayer()
  // Nothing to play and nothing playing: no bar. (A volume started elsewhere still shows here.)
  if (tracks.length === 0 && player.active === null) return null
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

/** The bar's label for what the player is doing: honest before, during and after playing. */
const STATUS_LABEL = { ready: 'Ready to play', playing: 'Now Playing', paused: 'Paused' } as const

function RadioDeck({ tracks }: { tracks: RadioTrack[] }) {
  const player = usePlayer()
  const radio = useMemo<Queue>(() => ({ id: RADIO_QUEUE, tracks }), [tracks])
  // The bar shows the queue in the element: the radio's own, or a volume started elsewhere.
  const active = player.active ? player.queues[player.active] : undefined
  const queue: Queue =
    player.active && player.active !== RADIO_QUEUE && active
      ? { id: player.active, tracks: active.tracks }
      : radio
  const { playlist, status } = queueView(player, queue)
  const track = currentTrack(playlist)
  const playing = status === 'playing'
  const volume = Math.round(player.volume * 100)
  const [volumeOpen, setVolumeOpen] = useState(false)
  const [expanded, setExpanded] = useState(false)
  const phone = useMediaQuery(PHONE_QUERY)
  const playMode = usePlayMode()
  const mode: RadioMode = playMode ? 'pill' : phone && !expanded ? 'mini' : 'full'
  const barRef = useRef<HTMLElement>(null)
  const audioSlot = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const volumeId = useId()
  const volumeRowId = useId()
  const controlsId = useId()
  useReservedSpace(barRef, mode)

  // The radio's first track waits in the element, unless a volume was started before the bar came.
  useEffect(() => prepare(radio), [radio])
  useLayoutEffect(() => {
    if (audioSlot.current) attachAudio(audioSlot.current)
  }, [])

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
        <span className="radio-bar__now-label">{STATUS_LABEL[status]}</span>{' '}
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
            queue={queue}
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
        <SeekBar
          className="radio-bar__seek"
          label="Radio position"
          active={player.active === queue.id}
        />
        <div className="radio-bar__volume" id={volumeRowId}>
          <label htmlFor={volumeId}>
            <span className="visually-hidden">Radio </span>Volume
          </label>
          <input
            id={volumeId}
            type="range"
            min={0}
            max={100}
            step={1}
            value={volume}
            aria-valuetext={`${volume}%`}
            onChange={(event) => setVolume(Number(event.target.value) / 100)}
          />
        </div>
      </div>
      {/* The player's one <audio> element goes here (lib/audio-engine.ts). */}
      <div ref={audioSlot} className="radio-bar__audio" />
    </section>
  )
}
