// The React side of a canvas game: it owns what the pure rules of packages/games leave out —
// the seeded Rng, requestAnimationFrame, the canvas's size on a high-DPI screen, reduced motion,
// pausing when the tab is hidden, and a small "view" of the state for the DOM (score, timer,
// status) that only re-renders React when it changes. The loop is: step → events → draw (only
// when the state changed). The frame is cancelled on unmount, so nothing runs after leaving.
import type { RenderOptions } from '@rent-due/games/canvas-2d'
import { backingSize } from '@rent-due/games/canvas-2d'
import { createRng, type Rng } from '@rent-due/games/rng'
import { useCallback, useEffect, useRef, useState } from 'react'
import { readGameParams } from './game-params'

export type GameStatus = 'idle' | 'running' | 'paused' | 'ended'

export interface GameResult<S, E> {
  state: S
  events: E[]
}

export interface GameSpec<S extends { status: GameStatus }, A, E, V> {
  width: number
  height: number
  create(): S
  update(state: S, action: A, rng: Rng): GameResult<S, E>
  /** One frame of play; pages close over their input (held keys, pointer). */
  tick(state: S, dtMs: number, rng: Rng): GameResult<S, E>
  render(ctx: CanvasRenderingContext2D, state: S, options: RenderOptions): void
  /** The action that toggles pause (used when the tab is hidden). */
  pauseAction: A
  /** What the DOM shows; compared field by field, so keep it flat. */
  view(state: S): V
  onEvents?(events: E[], state: S): void
}

export interface GameLoop<S, A, V> {
  stageRef: React.RefObject<HTMLDivElement | null>
  canvasRef: React.RefObject<HTMLCanvasElement | null>
  view: V
  dispatch(action: A): void
  /** The live state, for input handlers that must read it (e.g. where a click lands). */
  current(): S
  reducedMotion: boolean
}

/** Longest frame the simulation accepts at 1×: a stalled tab does not leap ahead. */
const MAX_FRAME_MS = 100
/** Room left above and below the canvas when it is sized to the viewport's height. */
const CHROME_PX = 150

interface PerfHook {
  work: Float64Array
  gaps: Float64Array
  count: number
}

declare global {
  interface Window {
    __rentDueGamePerf?: PerfHook
  }
}

export function useGameLoop<S extends { status: GameStatus }, A, E, V extends object>(
  spec: GameSpec<S, A, E, V>,
): GameLoop<S, A, V> {
  const stageRef = useRef<HTMLDivElement | null>(null)
  const canvasRef = useRef<HTMLCanvasElement | null>(null)
  const specRef = useRef(spec)
  const [params] = useState(() => readGameParams(window.location.search))
  const [rng] = useState(() => createRng(params.seed))
  const [initial] = useState(() => spec.create())
  const stateRef = useRef<S>(initial)
  const [view, setView] = useState<V>(() => spec.view(initial))
  const [reducedMotion, setReducedMotion] = useState(
    () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
  )
  const dirtyRef = useRef(true)
  const viewRef = useRef(view)

  useEffect(() => {
    specRef.current = spec
  })

  const apply = useCallback((result: GameResult<S, E>) => {
    const before = stateRef.current
    stateRef.current = result.state
    if (result.state !== before) dirtyRef.current = true
    if (result.events.length > 0) specRef.current.onEvents?.(result.events, result.state)
    const next = specRef.current.view(result.state)
    if (!shallowEqual(next, viewRef.current)) {
      viewRef.current = next
      setView(next)
    }
  }, [])

  const dispatch = useCallback(
    (action: A) => {
      apply(specRef.current.update(stateRef.current, action, rng))
    },
    [apply, rng],
  )

  // Reduced motion can change while the page is open.
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)')
    if (!query) return
    const onChange = () => {
      setReducedMotion(query.matches)
      dirtyRef.current = true
    }
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])

  // A hidden tab pauses a running game; the player resumes it.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && stateRef.current.status === 'running') {
        dispatch(specRef.current.pauseAction)
      }
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [dispatch])

  // Size: the fixed playfield scaled to the stage's width and the viewport's height.
  const sizeRef = useRef({ scale: 1, pixelRatio: 1 })
  useEffect(() => {
    const stage = stageRef.current
    const canvas = canvasRef.current
    if (!stage || !canvas) return
    const resize = () => {
      const { width, height } = specRef.current
      const available = stage.clientWidth
      const byHeight = ((window.innerHeight - CHROME_PX) * width) / height
      const cssWidth = Math.max(240, Math.min(available, byHeight, width * 2))
      const scale = cssWidth / width
      const pixelRatio = window.devicePixelRatio || 1
      const backing = backingSize(width, height, { pixelRatio, scale })
      canvas.style.width = `${Math.round(width * scale)}px`
      canvas.style.height = `${Math.round(height * scale)}px`
      if (canvas.width !== backing.width) canvas.width = backing.width
      if (canvas.height !== backing.height) canvas.height = backing.height
      sizeRef.current = { scale, pixelRatio }
      dirtyRef.current = true
    }
    resize()
    const observer = new ResizeObserver(resize)
    observer.observe(stage)
    window.addEventListener('resize', resize)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', resize)
    }
  }, [])

  useEffect(() => {
    dirtyRef.current = true
  }, [reducedMotion])

  // The frame loop.
  useEffect(() => {
    const canvas = canvasRef.current
    const ctx = canvas?.getContext('2d')
    if (!canvas || !ctx) return
    const perf: PerfHook | null = params.perf
      ? { work: new Float64Array(20_000), gaps: new Float64Array(20_000), count: 0 }
      : null
    if (perf) window.__rentDueGamePerf = perf
    let frame = 0
    let last: number | null = null
    let motion = reducedMotion
    const loop = (now: number) => {
      frame = requestAnimationFrame(loop)
      const gap = last === null ? 0 : now - last
      last = now
      const t0 = perf ? performance.now() : 0
      const state = stateRef.current
      if (state.status === 'running' || state.status === 'ended') {
        const dt = Math.min(gap, MAX_FRAME_MS) * params.speed
        if (dt > 0) apply(specRef.current.tick(state, dt, rng))
      }
      if (dirtyRef.current) {
        dirtyRef.current = false
        motion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? motion
        specRef.current.render(ctx, stateRef.current, { ...sizeRef.current, reducedMotion: motion })
      }
      if (perf && perf.count < perf.work.length) {
        perf.work[perf.count] = performance.now() - t0
        perf.gaps[perf.count] = gap
        perf.count++
      }
    }
    frame = requestAnimationFrame(loop)
    return () => cancelAnimationFrame(frame)
    // One loop per mount; everything it reads changes through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const current = useCallback(() => stateRef.current, [])

  return { stageRef, canvasRef, view, dispatch, current, reducedMotion }
}

function shallowEqual(a: object, b: object): boolean {
  const ka = Object.keys(a) as (keyof typeof a)[]
  if (ka.length !== Object.keys(b).length) return false
  return ka.every((k) => Object.is(a[k], b[k]))
}
