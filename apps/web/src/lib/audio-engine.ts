// The site's one audio player (issue 30, decision 355). One <audio> element plays everything: the
// radio bar and the soundtrack players (Soundtrack page, Home) are views of it, so they can never
// disagree about what plays, and two tracks can never play at once.
//
// Each view names a queue: an id and its tracks ('radio': every .mp3/.wav; 'volume:<bucket>': one
// soundtrack volume). The engine keeps each queue's playlist (lib/playlist.ts: current track,
// shuffle), which queue is loaded in the element (`active`), and an honest status: 'ready' until
// anything played, then 'playing' or 'paused' as the element itself reports. Time and duration are
// a separate store, so only the progress bars re-render while a track plays.
//
// The element is made on first use in the browser, outside React; the radio bar puts it in the
// page (attachAudio) and never takes it out again (removing a media element pauses it). Another
// audible media element that starts playing pauses it; when the episode dialog that did so closes,
// it plays on (resumeAfterVideo). The Media Session (lock screen, media keys) follows it too.
import { useSyncExternalStore } from 'react'
import {
  handleMediaSessionActions,
  setMediaSessionPlaying,
  setMediaSessionPosition,
  showTrackInMediaSession,
  type SessionTrack,
} from './media-session'
import {
  createPlaylist,
  currentTrack,
  next,
  previous,
  selectPosition,
  toggleShuffle,
  type Playlist,
} from './playlist'

export type EngineTrack = SessionTrack & { url: string }

/** A view's list of tracks; the id keeps its place (current track, shuffle) across pages. */
export type Queue = { id: string; tracks: readonly EngineTrack[] }

export type PlayerStatus = 'ready' | 'playing' | 'paused'

export type PlayerState = {
  readonly queues: Readonly<Record<string, Playlist<EngineTrack>>>
  /** The queue whose current track is in the element; null until a view prepared or played one. */
  readonly active: string | null
  readonly status: PlayerStatus
  /** 0 to 1. */
  readonly volume: number
}

export type Progress = { readonly time: number; readonly duration: number }

export const DEFAULT_VOLUME = 0.7

const INITIAL: PlayerState = { queues: {}, active: null, status: 'ready', volume: DEFAULT_VOLUME }
const NO_PROGRESS: Progress = { time: 0, duration: 0 }

let state = INITIAL
let progress = NO_PROGRESS
const stateListeners = new Set<() => void>()
const progressListeners = new Set<() => void>()
let element: HTMLAudioElement | null = null
/** Set when a video with sound paused the player; any command of the listener clears it. */
let interrupted = false

function setState(patch: Partial<PlayerState>): void {
  state = { ...state, ...patch }
  stateListeners.forEach((listener) => listener())
}

function updateProgress(): void {
  const a = element
  if (!a) return
  const duration = Number.isFinite(a.duration) ? a.duration : 0
  const time = a.currentTime
  if (time !== progress.time || duration !== progress.duration) {
    progress = { time, duration }
    progressListeners.forEach((listener) => listener())
  }
  setMediaSessionPosition(time, duration, a.playbackRate)
}

/** play() rejects with AbortError when the source changes before it starts: not an error. */
function startPlaying(a: HTMLAudioElement): void {
  a.play().catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return
    console.error('Audio playback failed:', error)
  })
}

/** The element, made on first use; null on the server. */
function audio(): HTMLAudioElement | null {
  if (element || typeof document === 'undefined') return element
  const a = document.createElement('audio')
  a.preload = 'none'
  a.volume = state.volume
  a.addEventListener('play', () => {
    setState({ status: 'playing' })
    setMediaSessionPlaying(true)
  })
  a.addEventListener('pause', () => {
    setState({ status: 'paused' })
    setMediaSessionPlaying(false)
  })
  a.addEventListener('ended', () => {
    if (state.active) step(state.active, next, true)
  })
  for (const type of ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked', 'emptied']) {
    a.addEventListener(type, updateProgress)
  }
  // Capture: 'play' does not bubble. A muted video (a silent loop) does not count.
  document.addEventListener(
    'play',
    (event) => {
      const target = event.target
      if (!(target instanceof HTMLMediaElement) || target === a || target.muted || a.paused) return
      interrupted = true
      a.pause()
    },
    true,
  )
  handleMediaSessionActions({
    play: () => play(),
    pause: () => pause(),
    previous: () => {
      if (state.active) step(state.active, previous)
    },
    next: () => {
      if (state.active) step(state.active, next)
    },
    seekTo: (seconds) => seek(seconds),
    seekBy: (seconds) => seek(a.currentTime + seconds),
  })
  element = a
  return a
}

function sameTracks(a: readonly EngineTrack[], b: readonly EngineTrack[]): boolean {
  return a.length === b.length && a.every((t, i) => t.url === b[i]?.url)
}

/** The queue's playlist as stored, or a fresh one (first use, or its tracks changed). */
function playlistOf(q: Queue): Playlist<EngineTrack> {
  const stored = state.queues[q.id]
  return stored && sameTracks(stored.tracks, q.tracks) ? stored : createPlaylist(q.tracks)
}

function store(id: string, playlist: Playlist<EngineTrack>, patch: Partial<PlayerState> = {}) {
  setState({ ...patch, queues: { ...state.queues, [id]: playlist } })
}

/** Puts the active queue's current track into the element (and the lock screen). */
function loadActive(): void {
  const a = audio()
  const playlist = state.active ? state.queues[state.active] : undefined
  const track = playlist && currentTrack(playlist)
  if (!a || !track) return
  if (a.getAttribute('src') !== track.url) a.src = track.url
  showTrackInMediaSession(track)
}

/** Moves a stored queue; the active one carries on playing if it was (or `keepPlaying`). */
function step(
  id: string,
  move: (p: Playlist<EngineTrack>) => Playlist<EngineTrack>,
  keepPlaying = false,
): void {
  const stored = state.queues[id]
  if (!stored) return
  const wasPlaying = id === state.active && element !== null && !element.paused
  store(id, move(stored))
  if (id !== state.active) return
  loadActive()
  if ((wasPlaying || keepPlaying) && element) startPlaying(element)
}

function activate(q: Queue, playlist = playlistOf(q)): void {
  store(q.id, playlist, { active: q.id })
  loadActive()
}

// ---- Commands -------------------------------------------------------------------------------

/** Loads the queue's current track without playing, unless another queue is already loaded. */
export function prepare(q: Queue): void {
  if (state.active === null && q.tracks.length > 0) activate(q)
}

export function play(): void {
  interrupted = false
  const a = audio()
  if (a && state.active) startPlaying(a)
}

export function pause(): void {
  interrupted = false
  element?.pause()
}

/** Play/pause from a view: its queue plays (taking over the element), or pauses if it plays. */
export function togglePlay(q: Queue): void {
  interrupted = false
  const a = audio()
  if (!a || q.tracks.length === 0) return
  if (state.active !== q.id || !state.queues[q.id]) activate(q)
  if (a.paused) startPlaying(a)
  else a.pause()
}

export function nextTrack(q: Queue): void {
  store(q.id, playlistOf(q))
  step(q.id, next)
}

export function previousTrack(q: Queue): void {
  store(q.id, playlistOf(q))
  step(q.id, previous)
}

/** A click on a playlist row: that track, playing. */
export function playPosition(q: Queue, position: number): void {
  interrupted = false
  activate(q, selectPosition(playlistOf(q), position))
  if (element) startPlaying(element)
}

export function shuffleQueue(q: Queue): void {
  store(q.id, toggleShuffle(playlistOf(q), Math.random))
}

/** Moves the playing track to `seconds`, kept within the track. */
export function seek(seconds: number): void {
  const a = element
  if (!a || !Number.isFinite(seconds)) return
  const end = Number.isFinite(a.duration) ? a.duration : 0
  a.currentTime = Math.min(Math.max(seconds, 0), end)
  updateProgress()
}

export function setVolume(volume: number): void {
  const v = Math.min(Math.max(volume, 0), 1)
  if (element) element.volume = v
  setState({ volume: v })
}

/** After a video that paused the player has gone (the episode dialog closed): play on. */
export function resumeAfterVideo(): void {
  if (!interrupted) return
  interrupted = false
  if (element && state.active) startPlaying(element)
}

/** Puts the one element into the page (the radio bar), once; it stays there from then on. */
export function attachAudio(container: HTMLElement): void {
  const a = audio()
  if (a && !a.isConnected) container.append(a)
}

// ---- Reading it in React --------------------------------------------------------------------

function subscribeState(listener: () => void): () => void {
  stateListeners.add(listener)
  return () => stateListeners.delete(listener)
}

function subscribeProgress(listener: () => void): () => void {
  progressListeners.add(listener)
  return () => progressListeners.delete(listener)
}

/** The player's state; on the server and while the page hydrates, nothing loaded yet. */
export function usePlayer(): PlayerState {
  return useSyncExternalStore(
    subscribeState,
    () => state,
    () => INITIAL,
  )
}

/** Where the playing track is; re-renders about four times a second while it plays. */
export function usePlaybackProgress(): Progress {
  return useSyncExternalStore(
    subscribeProgress,
    () => progress,
    () => NO_PROGRESS,
  )
}

/** What a view shows for its queue: its playlist, and whether it is the one in the element. */
export function queueView(player: PlayerState, q: Queue) {
  const stored = player.queues[q.id]
  const playlist = stored && sameTracks(stored.tracks, q.tracks) ? stored : createPlaylist(q.tracks)
  const active = player.active === q.id
  return { playlist, active, status: active ? player.status : ('ready' as PlayerStatus) }
}
