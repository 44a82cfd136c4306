// The site's video player (episodes, previews, BTS): the browser's own <video controls>, plus
// keyboard shortcuts while the player has focus (announced to screen readers) and "resume where
// you stopped" kept in localStorage via safe-storage, so it still works where storage throws.
// The stored position is read once the player is mounted: the server (and the hydration that
// must match it) cannot know it.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { readStored, writeStored } from '../lib/safe-storage'
import './video-player.css'

export type VideoPlayerProps = {
  src: string
  title: string
  poster?: string
  /** Where the resume position is remembered; defaults to the src. */
  resumeKey?: string
  onEnded?: () => void
  autoPlay?: boolean
  /** A WebVTT captions URL, when the video has one. */
  captions?: string
}

/** Positions closer than this to either end are not worth resuming from. */
const RESUME_MIN_SECONDS = 3
const SAVE_EVERY_MS = 2000

export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const m = Math.floor(whole / 60)
  const s = whole % 60
  return `${m}:${s.toString().padStart(2, '0')}`
}

function storageKey(key: string): string {
  return `video-resume:${key}`
}

/** A stored resume position, or null when there is none worth offering. */
export function readResume(key: string): number | null {
  const raw = readStored(storageKey(key))
  if (!raw) return null
  const value = Number(raw)
  return Number.isFinite(value) && value >= RESUME_MIN_SECONDS ? value : null
}

export function VideoPlayer({
  src,
  title,
  poster,
  resumeKey,
  onEnded,
  autoPlay = false,
  captions,
}: VideoPlayerProps) {
  const key = resumeKey ?? src
  const videoRef = useRef<HTMLVideoElement>(null)
  const wrapperRef = useRef<HTMLDivElement>(null)
  const lastSave = useRef(0)
  const [resumeAt, setResumeAt] = useState<number | null>(null)
  const [announcement, setAnnouncement] = useState('')
  // While the resume offer is up the video sits at 0:00: saving then would erase the position.
  const offerUp = useRef(false)
  useEffect(() => {
    offerUp.current = resumeAt !== null
  }, [resumeAt])

  const saveFrom = useCallback(
    (video: HTMLVideoElement | null) => {
      if (!video || offerUp.current) return
      const { currentTime, duration } = video
      // Near the end (or at the very start) there is nothing to resume: forget the position.
      const nearEnd = Number.isFinite(duration) && duration - currentTime < RESUME_MIN_SECONDS
      const keep = !nearEnd && currentTime >= RESUME_MIN_SECONDS
      writeStored(storageKey(key), keep ? currentTime.toFixed(1) : '')
    },
    [key],
  )
  const save = () => saveFrom(videoRef.current)

  useEffect(() => {
    // Captured now: on unmount the ref is already cleared, and closing a dialog mid-play fires no
    // pause event we could hear.
    const video = videoRef.current
    const onPageHide = () => saveFrom(video)
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      saveFrom(video)
    }
  }, [saveFrom])

  const play = (from?: number) => {
    const video = videoRef.current
    if (!video) return
    if (from !== undefined) video.currentTime = from
    video.play().catch((error: unknown) => {
      // The browser refuses sound before the visitor has touched the page (an episode's own page
      // opened from a link): the video waits, paused, with its controls, for their tap.
      if (error instanceof DOMException && error.name === 'NotAllowedError') return
      console.warn('Video playback was refused', error)
    })
  }

  const resume = () => {
    const at = resumeAt ?? 0
    setResumeAt(null)
    play(at)
    videoRef.current?.focus()
  }

  const startOver = () => {
    setResumeAt(null)
    writeStored(storageKey(key), '')
    play(0)
    videoRef.current?.focus()
  }

  const onLoadedMetadata = () => {
    if (autoPlay && !offerUp.current) play()
  }

  // Mounted: offer the stored position, if any. React drops media events that fire before its
  // commit, and a player rendered concurrently (e.g. inside a Suspense boundary whose chunk just
  // arrived) may have its metadata, from the cache, by then: a player that already has it starts
  // as the event would have.
  useEffect(() => {
    const stored = readResume(key)
    offerUp.current = stored !== null
    // localStorage is outside React and unreadable while hydrating: read once, when mounted.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setResumeAt(stored)
    const video = videoRef.current
    if (video && video.readyState >= HTMLMediaElement.HAVE_METADATA) onLoadedMetadata()
    // Only the first commit can have missed the event. (A second play() is a no-op.)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const onTimeUpdate = () => {
    const now = Date.now()
    if (now - lastSave.current < SAVE_EVERY_MS) return
    lastSave.current = now
    save()
  }

  const onEnd = () => {
    writeStored(storageKey(key), '')
    onEnded?.()
  }

  const seekBy = (video: HTMLVideoElement, delta: number) => {
    const end = Number.isFinite(video.duration) ? video.duration : Infinity
    video.currentTime = Math.min(end, Math.max(0, video.currentTime + delta))
    const direction = delta > 0 ? 'Forward' : 'Back'
    setAnnouncement(`${direction} ${Math.abs(delta)} seconds, ${formatClock(video.currentTime)}`)
  }

  const setVolume = (video: HTMLVideoElement, delta: number) => {
    video.volume = Math.min(1, Math.max(0, Math.round((video.volume + delta) * 10) / 10))
    video.muted = false
    setAnnouncement(`Volume ${Math.round(video.volume * 100)}%`)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLVideoElement>) => {
    const video = videoRef.current
    if (!video) return
    if (event.altKey || event.ctrlKey || event.metaKey) return
    let handled = true
    switch (event.key) {
      case ' ':
      case 'k':
      case 'K':
        if (video.paused) {
          setResumeAt(null)
          play()
          setAnnouncement('Playing')
        } else {
          video.pause()
          setAnnouncement('Paused')
        }
        break
      case 'ArrowRight':
        seekBy(video, 5)
        break
      case 'ArrowLeft':
        seekBy(video, -5)
        break
      case 'l':
      case 'L':
        seekBy(video, 10)
        break
      case 'j':
      case 'J':
        seekBy(video, -10)
        break
      case 'ArrowUp':
        setVolume(video, 0.1)
        break
      case 'ArrowDown':
        setVolume(video, -0.1)
        break
      case 'm':
      case 'M':
        video.muted = !video.muted
        setAnnouncement(video.muted ? 'Muted' : 'Sound on')
        break
      case 'f':
      case 'F':
        if (document.fullscreenElement) {
          void document.exitFullscreen().catch(() => undefined)
        } else {
          void wrapperRef.current?.requestFullscreen?.().catch(() => undefined)
        }
        break
      case 'Home':
        video.currentTime = 0
        setAnnouncement('Start, 0:00')
        break
      case 'End':
        if (Number.isFinite(video.duration)) video.currentTime = video.duration
        setAnnouncement('End')
        break
      default:
        handled = false
    }
    if (handled) {
      event.preventDefault()
      event.stopPropagation()
    }
  }

  // The handlers run in the capture phase and stop the event: the browser's own controls listen
  // on the <video> itself (ignoring preventDefault) and would toggle or seek a second time.
  const onKeyUp = (event: KeyboardEvent<HTMLVideoElement>) => {
    if (event.key === ' ') {
      event.preventDefault()
      event.stopPropagation()
    }
  }

  return (
    <div ref={wrapperRef} className="video-player">
      <video
        ref={videoRef}
        className="video-player__video"
        src={src}
        poster={poster}
        title={title}
        aria-label={title}
        aria-keyshortcuts="Space K J L ArrowLeft ArrowRight ArrowUp ArrowDown M F Home End"
        controls
        playsInline
        preload="metadata"
        onLoadedMetadata={onLoadedMetadata}
        onTimeUpdate={onTimeUpdate}
        onPause={save}
        onPlay={() => setResumeAt(null)}
        onEnded={onEnd}
        onKeyDownCapture={onKeyDown}
        onKeyUpCapture={onKeyUp}
      >
        <track kind="captions" srcLang="en" label="English" src={captions} />
      </video>
      {resumeAt !== null && (
        <div className="video-player__resume" role="group" aria-label="Continue watching">
          <button type="button" className="btn btn--primary" onClick={resume}>
            Resume from {formatClock(resumeAt)}
          </button>
          <button type="button" className="btn btn--secondary" onClick={startOver}>
            Start over
          </button>
        </div>
      )}
      <p className="video-player__live visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  )
}
