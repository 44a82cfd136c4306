// The site's one player on the lock screen and media keys (Media Session API), where the browser
// has it: what plays, whether it plays, how far along it is, and the actions that drive it.
import { displayName } from './playlist'

export type SessionTrack = { name: string; album: string; artworkUrl: string }

export type SessionActions = {
  play: () => void
  pause: () => void
  previous: () => void
  next: () => void
  seekTo: (seconds: number) => void
  /** Moves by `seconds` (negative: back). */
  seekBy: (seconds: number) => void
}

/** How far the lock screen's back and forward buttons move when the browser names no offset. */
export const SEEK_STEP_SECONDS = 10

function session(): MediaSession | undefined {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator
    ? navigator.mediaSession
    : undefined
}

export function showTrackInMediaSession(track: SessionTrack): void {
  const media = session()
  if (!media || typeof MediaMetadata === 'undefined') return
  media.metadata = new MediaMetadata({
    title: displayName(track.name),
    artist: 'Rent Due',
    album: track.album,
    artwork: [{ src: track.artworkUrl, sizes: '256x256', type: 'image/svg+xml' }],
  })
}

export function setMediaSessionPlaying(playing: boolean): void {
  const media = session()
  if (media) media.playbackState = playing ? 'playing' : 'paused'
}

/** The position the lock screen shows; ignored until the track's duration is known. */
export function setMediaSessionPosition(position: number, duration: number, rate: number): void {
  const media = session()
  if (!media?.setPositionState || !Number.isFinite(duration) || duration <= 0) return
  try {
    media.setPositionState({
      duration,
      playbackRate: rate > 0 ? rate : 1,
      position: Math.min(Math.max(position, 0), duration),
    })
  } catch {
    // A browser that rejects the values: the lock screen simply shows no position.
  }
}

/** Registers the action handlers; returns a function that removes them. */
export function handleMediaSessionActions(actions: SessionActions): () => void {
  const media = session()
  if (!media) return () => {}
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => actions.play()],
    ['pause', () => actions.pause()],
    ['previoustrack', () => actions.previous()],
    ['nexttrack', () => actions.next()],
    [
      'seekto',
      (details) => {
        if (details.seekTime !== undefined) actions.seekTo(details.seekTime)
      },
    ],
    ['seekbackward', (details) => actions.seekBy(-(details.seekOffset ?? SEEK_STEP_SECONDS))],
    ['seekforward', (details) => actions.seekBy(details.seekOffset ?? SEEK_STEP_SECONDS)],
  ]
  for (const [action, handler] of handlers) {
    try {
      media.setActionHandler(action, handler)
    } catch {
      // An action this browser does not support: the others still work.
    }
  }
  return () => {
    for (const [action] of handlers) {
      try {
        media.setActionHandler(action, null)
      } catch {
        // see above
      }
    }
  }
}
