// One soundtrack volume as an audio player (docs/product/pages.md#audio-player): artwork, the
// current track, 'Track n of m', previous / play-pause / next / shuffle, a volume slider (0–1,
// step 0.1) and a scrolling playlist. One <audio> element plays the track's URL; starting any
// other audible media on the page pauses it (lib/use-playlist-audio.ts).
import { useEffect, useId, useRef, useState } from 'react'
import { trackAnchor } from '../../lib/item-anchors'
import { displayName, trackPositionText, tracksInOrder } from '../../lib/playlist'
import type { SoundtrackTrack } from '../../lib/soundtrack-tracks'
import { usePlaylistAudio } from '../../lib/use-playlist-audio'
import { MediaIcon } from '../../ui/media-icon'
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

const DEFAULT_VOLUME = 0.7

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
        <PlayerDeck tracks={tracks} />
      )}
    </section>
  )
}

function PlayerDeck({ tracks }: { tracks: readonly SoundtrackTrack[] }) {
  const player = usePlaylistAudio(tracks)
  const { audioRef, playlist, track, playing } = player
  const [volume, setVolume] = useState(DEFAULT_VOLUME)
  const volumeId = useId()
  const listRef = useRef<HTMLOListElement>(null)

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume
  }, [audioRef, volume])

  // Leaving the page (or switching the Home volume) must not leave music playing unseen.
  useEffect(() => {
    const audio = audioRef.current
    return () => audio?.pause()
  }, [audioRef])

  // Keep the current row in view inside the playlist, without scrolling the page.
  useEffect(() => {
    const list = listRef.current
    const row = list?.querySelector<HTMLElement>('[aria-current="true"]')?.parentElement
    if (!list || !row) return
    if (row.offsetTop < list.scrollTop) list.scrollTop = row.offsetTop
    else if (row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = row.offsetTop + row.offsetHeight - list.clientHeight
  }, [playlist])

  const ordered = tracksInOrder(playlist)
  const percent = `${Math.round(volume * 100)}%`

  return (
    <div className="player__deck" data-playing={playing}>
      <div className="player__now">
        <p className="player__label">{playing ? 'Now playing' : 'Ready to play'}</p>
        <p className="player__track">{track ? displayName(track.name) : ''}</p>
        <p className="player__position">{trackPositionText(playlist)}</p>
      </div>

      <div className="player__controls">
        <TransportButtons
          block="player"
          iconClassName="player-icon"
          playing={playing}
          onPrevious={player.previous}
          onTogglePlay={player.togglePlay}
          onNext={player.next}
        />
        <button
          type="button"
          className="player__button player__button--toggle"
          aria-label="Shuffle"
          aria-pressed={playlist.shuffled}
          onClick={player.toggleShuffle}
        >
          <MediaIcon name="shuffle" className="player-icon" />
        </button>
      </div>

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
              onClick={() => player.playPosition(position)}
            >
              <span className="player__row-number" aria-hidden="true">
                {position + 1}
              </span>
              <span className="player__row-name">{displayName(t.name)}</span>
            </button>
          </li>
        ))}
      </ol>

      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- music has no spoken words to caption */}
      <audio ref={audioRef} src={track?.url} preload="none" {...player.audioEvents} />
    </div>
  )
}
