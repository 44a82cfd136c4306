// Wires one <audio> element to the pure playlist rules (lib/playlist.ts). The element plays the
// current track's URL itself; React only holds which track is current and whether it plays
// (mirrored from the element's own play/pause events). Shared by the soundtrack players and the
// radio bar.
import { useCallback, useEffect, useReducer, useRef, useState, type RefObject } from 'react'
import {
  createPlaylist,
  currentTrack,
  next,
  previous,
  selectPosition,
  toggleShuffle,
  type Playlist,
} from './playlist'

type Action =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'select'; position: number }
  | { type: 'shuffle' }

function reducer<T>(p: Playlist<T>, action: Action): Playlist<T> {
  switch (action.type) {
    case 'next':
      return next(p)
    case 'previous':
      return previous(p)
    case 'select':
      return selectPosition(p, action.position)
    case 'shuffle':
      return toggleShuffle(p, Math.random)
  }
}

/** play() rejects with AbortError when the source changes before it starts: not an error. */
export function playAudio(audio: HTMLAudioElement | null): void {
  audio?.play().catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return
    console.error('Audio playback failed:', error)
  })
}

/**
 * Pauses `audio` whenever another audible media element on the page starts playing (capture
 * phase: 'play' does not bubble). Muted videos, such as a silent header loop, do not count.
 */
export function usePauseWhenOthersPlay(audio: RefObject<HTMLAudioElement | null>): void {
  useEffect(() => {
    const onPlay = (event: Event) => {
      const target = event.target
      if (!(target instanceof HTMLMediaElement) || target === audio.current || target.muted) return
      audio.current?.pause()
    }
    document.addEventListener('play', onPlay, true)
    return () => document.removeEventListener('play', onPlay, true)
  }, [audio])
}

export function usePlaylistAudio<T extends { url: string }>(tracks: readonly T[]) {
  const audioRef = useRef<HTMLAudioElement>(null)
  const [playlist, dispatch] = useReducer(reducer<T>, tracks, createPlaylist)
  const [playing, setPlaying] = useState(false)
  // Set when a track change should carry on playing (it was playing, a track ended, a row was
  // clicked); the effect below starts the element once the new src is in the DOM.
  const resume = useRef(false)

  usePauseWhenOthersPlay(audioRef)

  useEffect(() => {
    if (!resume.current) return
    resume.current = false
    playAudio(audioRef.current)
  }, [playlist])

  const go = useCallback((action: Action, keepPlaying: boolean) => {
    resume.current = keepPlaying
    dispatch(action)
  }, [])

  const isPlaying = () => Boolean(audioRef.current && !audioRef.current.paused)

  return {
    audioRef,
    playlist,
    track: currentTrack(playlist),
    playing,
    togglePlay: () => {
      const audio = audioRef.current
      if (!audio) return
      if (audio.paused) playAudio(audio)
      else audio.pause()
    },
    play: () => playAudio(audioRef.current),
    pause: () => audioRef.current?.pause(),
    next: () => go({ type: 'next' }, isPlaying()),
    previous: () => go({ type: 'previous' }, isPlaying()),
    /** A click on a playlist row: that track, playing. */
    playPosition: (position: number) => go({ type: 'select', position }, true),
    toggleShuffle: () => dispatch({ type: 'shuffle' }),
    /** Spread onto the <audio> element. */
    audioEvents: {
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
      onEnded: () => go({ type: 'next' }, true),
    },
  }
}
