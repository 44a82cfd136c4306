// One soundtrack volume as an audio player (docs/product/pages.md#audio-player): artwork, the
// current track, 'Track n of m', previous / play-pause / next / shuffle, a progress bar that
// seeks, a volume slider (0–1, step 0.1) and a scrolling playlist. It is a view of the site's one
// audio player (lib/audio-engine.ts, decision 355): playing here plays in the radio bar's <audio>,
// the bar shows it, and it keeps playing when the visitor leaves the page.
import { useEffect, useId, useMemo, useRef } from 'react'
import {
  playPosition,
  queueView,
  setVolume,
  shuffleQueue,
  usePlayer,
  type Queue,
} from '../../lib/audio-engine'
import { trackAnchor } from '../../lib/item-anchors'
import { currentTrack, displayName, trackPositionText } from '../../lib/playlist'
import type { SoundtrackTrack } from '../../lib/soundtrack-tracks'
import { MediaIcon } from '../../ui/media-icon'
import { SeekBar } from '../../ui/seek-bar'
import { TransportButtons } from '../../ui/transport-buttons'

type SoundtrackPlayerProps = {
  title: string
  /** The volume's record icon; a drawn record stands in without one. */
  artworkUrl?: string
  tracks: readonly SoundtrackTrack[]
  /** h2 on the Soundtrack page, h3 inside a Home section. */
  headingLevel?: 2 | 3
  emptyText?: string
  compact?: boolean
}

/** What the player is doing: 'Ready to play' until this volume played. */
const STATUS_LABEL = { ready: 'Ready to play', playing: 'Now playing', paused: 'Paused' } as const

export function SoundtrackPlayer({
  title,
  artworkUrl,
  tracks,
  headingLevel = 2,
  emptyText = 'No tracks available',
  compact = false,
}: SoundtrackPlayerProps) {
  const headingId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const className = `player${compact ? ' player--compact' : ''}`
  return (
    <section className={className} aria-labelledby={headingId}>
      <div className="player__head">
        {artworkUrl ? (
          <img
            className="player__art"
            src={artworkUrl}
            alt=""
            width={256}
            height={256}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="player__art player__art--blank" aria-hidden="true" />
        )}
        <Heading id={headingId} className="player__title">
          {title}
        </Heading>
      </div>
      {tracks.length === 0 ? (
        <p className="player__empty">{emptyText}</p>
      ) : (
        <PlayerDeck title={title} artworkUrl={artworkUrl} tracks={tracks} />
      )}
    </section>
  )
}

function PlayerDeck({
  title,
  artworkUrl,
  tracks,
}: {
  title: string
  artworkUrl?: string
  tracks: readonly SoundtrackTrack[]
}) {
  const queue = useMemo<Queue>(
    () => ({
      id: `volume:${title}`,
      tracks: tracks.map((t) => ({ ...t, album: title, artworkUrl: artworkUrl ?? '' })),
    }),
    [title, artworkUrl, tracks],
  )
  const player = usePlayer()
  const { playlist, active, status } = queueView(player, queue)
  const track = currentTrack(playlist)
  const playing = status === 'playing'
  const volume = player.volume
  const volumeId = useId()
  const listRef = useRef<HTMLOListElement>(null)

  // Keep the current row in view inside the playlist, without scrolling the page.
  useEffect(() => {
    const list = listRef.current
    const row = list?.querySelector<HTMLElement>('[aria-current="true"]')?.parentElement
    if (!list || !row) return
    if (row.offsetTop < list.scrollTop) list.scrollTop = row.offsetTop
    else if (row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = row.offsetTop + row.offsetHeight - list.clientHeight
  }, [playlist])

  // The props' tracks (with their buckets) in the queue's play order.
  const ordered = playlist.order.map((i) => tracks[i] as SoundtrackTrack)
  const percent = `${Math.round(volume * 100)}%`

  return (
    <div className="player__deck" data-playing={playing}>
      <div className="player__now">
        <p className="player__label">{STATUS_LABEL[status]}</p>
        <p className="player__track">{track ? displayName(track.name) : ''}</p>
        <p className="player__position">{trackPositionText(playlist)}</p>
      </div>

      <div className="player__controls">
        <TransportButtons
          block="player"
          iconClassName="player-icon"
          playing={playing}
          queue={queue}
        />
        <button
          type="button"
          className="player__button player__button--toggle"
          aria-label="Shuffle"
          aria-pressed={playlist.shuffled}
          onClick={() => shuffleQueue(queue)}
        >
          <MediaIcon name="shuffle" className="player-icon" />
        </button>
      </div>

      <SeekBar className="player__seek" label="Track position" active={active} />

      <div className="player__volume">
        <label htmlFor={volumeId}>Volume</label>
        <input
          id={volumeId}
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={volume}
          aria-valuetext={percent}
          onChange={(event) => setVolume(Number(event.target.value))}
        />
        <span className="player__volume-value" aria-hidden="true">
          {percent}
        </span>
      </div>

      <ol className="player__list" ref={listRef} aria-label="Playlist">
        {ordered.map((t, position) => (
          <li key={t.url} id={trackAnchor(t.bucket, t.name)}>
            <button
              type="button"
              className="player__row"
              aria-current={position === playlist.current ? 'true' : undefined}
              onClick={() => playPosition(queue, position)}
            >
              <span className="player__row-number" aria-hidden="true">
                {position + 1}
              </span>
              <span className="player__row-name">{displayName(t.name)}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  )
}
