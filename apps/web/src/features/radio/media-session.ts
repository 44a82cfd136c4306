// The radio on the lock screen and media keys (Media Session API), where the browser has it.
import { displayName } from '../../lib/playlist'
import type { RadioTrack } from './radio-tracks'

export type RadioActions = {
  play: () => void
  pause: () => void
  previous: () => void
  next: () => void
  seekTo: (seconds: number) => void
}

function session(): MediaSession | undefined {
  return 'mediaSession' in navigator ? navigator.mediaSession : undefined
}

export function showTrackInMediaSession(track: RadioTrack): void {
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

/** Registers the action handlers; returns a function that removes them. */
export function handleMediaSessionActions(actions: RadioActions): () => void {
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
