// A clip shown from its thumbnail frame (thumbnailSrc) should still play from the beginning the
// first time it plays; later pauses, seeks and a resumed position are left alone. Works as the
// <video>'s onPlay or an ancestor's onPlayCapture.
import type { SyntheticEvent } from 'react'
import { THUMBNAIL_SECONDS } from './bts-groups'

export function rewindOnFirstPlay(event: SyntheticEvent): void {
  const video = event.target
  if (!(video instanceof HTMLVideoElement) || video.dataset.started) return
  video.dataset.started = 'true'
  if (Math.abs(video.currentTime - THUMBNAIL_SECONDS) < 0.05) video.currentTime = 0
}
