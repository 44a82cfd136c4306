// The React side of a canvas game: it owns what the pure rules of packages/games leave out —
// the seeded Rng, requestAnimationFrame, the canvas's size on a high-DPI screen, reduced motion,
// pausing when the tab is hidden or the phone turns, the input in use (touch or mouse: prompts say
// Tap or Click), play mode once a game starts (lib/play-mode.ts), and a small "view" of the state for the
// DOM (score, timer, status) that only re-renders React when it changes. The loop is: step →
// events → draw (only when the state changed). The frame is cancelled on unmount, so nothing runs
// after leaving.
import type { RenderOptions } from '@rent-due/games/canvas-2d'
import { backingSize } from '@rent-due/games/canvas-2d'
import { createRng, type Rng } from '@rent-due/games/rng'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { readGameParams } from '@rent-due/games/browser/params'
import { usePlayModeWhile } from './play-mode'
import { SHORT_QUERY, useMediaQuery } from './use-media-query'

export type GameStatus = 'idle' | 'running' | 'paused' | 'ended'

export interface GameResult<S, E> {
  state: S
  events: E[]
}

/** What the view may depend on besides the state. */
export interface ViewInput {
  /** The player's last pointer was a finger (or the screen's primary pointer is one). */
  touch: boolean
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
  view(state: S, input: ViewInput): V
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
  /** The game has the screen to itself (decision 200): the page shows only the play area. */
  playMode: boolean
}

/** Longest frame the simulation accepts at 1×: a stalled tab does not leap ahead. */
const MAX_FRAME_MS = 100
/** Room left above and below the canvas when it is sized to the viewport's height. */
const CHROME_PX = 150
/** Smallest canvas width outside play mode (in play mode the canvas takes what its box has). */
const MIN_CSS_WIDTH = 240

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
  const [coarse] = useState(() => window.matchMedia?.('(pointer: coarse)').matches ?? false)
  const touchRef = useRef(coarse)
  const [view, setView] = useState<V>(() => spec.view(initial, { touch: coarse }))
  const [status, setStatus] = useState<GameStatus>(initial.status)
  const [reducedMotion, setReducedMotion] = useState(
    () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
  )
  const dirtyRef = useRef(true)
  const viewRef = useRef(view)

  useEffect(() => {
    specRef.current = spec
  })

  const refreshView = useCallback(() => {
    const next = specRef.current.view(stateRef.current, { touch: touchRef.current })
    if (!shallowEqual(next, viewRef.current)) {
      viewRef.current = next
      setView(next)
    }
  }, [])

  const apply = useCallback(
    (result: GameResult<S, E>) => {
      const before = stateRef.current
      stateRef.current = result.state
      if (result.state !== before) dirtyRef.current = true
      if (result.events.length > 0) specRef.current.onEvents?.(result.events, result.state)
      if (result.state.status !== before.status) setStatus(result.state.status)
      refreshView()
    },
    [refreshView],
  )

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

  // Turning the phone pauses a running game (the canvas re-fits; the player resumes when ready).
  useEffect(() => {
    const query = window.matchMedia?.('(orientation: portrait)')
    if (!query) return
    const onTurn = () => {
      if (stateRef.current.status === 'running') dispatch(specRef.current.pauseAction)
    }
    query.addEventListener('change', onTurn)
    return () => query.removeEventListener('change', onTurn)
  }, [dispatch])

  // The words follow the input: a finger taps, a mouse clicks (the canvas and the status line).
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const next = event.pointerType !== 'mouse'
      if (next !== touchRef.current) {
        touchRef.current = next
        dirtyRef.current = true
        refreshView()
      }
    }
    window.addEventListener('pointerdown', onPointer, { capture: true, passive: true })
    return () => window.removeEventListener('pointerdown', onPointer, { capture: true })
  }, [refreshView])

  // Play mode: once the game has started, on every screen (a desktop window, too, must show the
  // whole board above the radio), and on any short screen at once.
  const short = useMediaQuery(SHORT_QUERY)
  const playMode = short || status !== 'idle'
  const playModeRef = useRef(playMode)
  usePlayModeWhile(playMode)

  // Size: the fixed playfield scaled to fit, with a backing store of whole device pixels. Outside
  // play mode the stage's width and the viewport's height bound it; in play mode the stage is a
  // box the layout sizes (game-stage.css) and the canvas takes all of it that keeps its shape.
  const sizeRef = useRef({ scale: 1, pixelRatio: 1 })
  const drawRef = useRef<() => void>(() => {})
  const resizeRef = useRef<() => void>(() => {})
  useEffect(() => {
    const stage = stageRef.current
    const canvas = canvasRef.current
    if (!stage || !canvas) return
    const resize = () => {
      const { width, height } = specRef.current
      // The canvas's border is outside the picture (content-box): leave room for it.
      const frameX = canvas.offsetWidth - canvas.clientWidth
      const frameY = canvas.offsetHeight - canvas.clientHeight
      const box = getComputedStyle(stage)
      const padX = parseFloat(box.paddingLeft) + parseFloat(box.paddingRight)
      const padY = parseFloat(box.paddingTop) + parseFloat(box.paddingBottom)
      const fitted = playModeRef.current
      const maxWidth = stage.clientWidth - padX - frameX
      const maxHeight =
        (fitted ? stage.clientHeight - padY : window.innerHeight - CHROME_PX) - frameY
      const fit = Math.min(maxWidth, (maxHeight * width) / height, width * 2)
      const cssWidth = fitted ? Math.max(1, fit) : Math.max(MIN_CSS_WIDTH, fit)
      const pixelRatio = window.devicePixelRatio || 1
      // Whole device pixels across, so the picture maps 1:1 onto the screen's pixels.
      const scale = Math.max(1, Math.floor(cssWidth * pixelRatio)) / pixelRatio / width
      const backing = backingSize(width, height, { pixelRatio, scale })
      const changed = canvas.width !== backing.width || canvas.height !== backing.height
      canvas.style.width = `${backing.width / pixelRatio}px`
      canvas.style.height = `${backing.height / pixelRatio}px`
      if (canvas.width !== backing.width) canvas.width = backing.width
      if (canvas.height !== backing.height) canvas.height = backing.height
      sizeRef.current = { scale, pixelRatio }
      dirtyRef.current = true
      // A resized backing store is blank: draw now rather than show an empty frame.
      if (changed) drawRef.current()
    }
    resize()
    resizeRef.current = resize
    const observer = new ResizeObserver(resize)
    observer.observe(stage)
    window.addEventListener('resize', resize)
    return () => {
      resizeRef.current = () => {}
      observer.disconnect()
      window.removeEventListener('resize', resize)
    }
  }, [])

  // Entering or leaving play mode gives the stage another box: fit the canvas to it before the
  // first frame in the new layout is painted.
  useLayoutEffect(() => {
    if (playModeRef.current === playMode) return
    playModeRef.current = playMode
    resizeRef.current()
  }, [playMode])

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
    drawRef.current = () => {
      dirtyRef.current = false
      motion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? motion
      specRef.current.render(ctx, stateRef.current, {
        ...sizeRef.current,
        reducedMotion: motion,
        touch: touchRef.current,
      })
    }
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
      if (dirtyRef.current) drawRef.current()
      if (perf && perf.count < perf.work.length) {
        perf.work[perf.count] = performance.now() - t0
        perf.gaps[perf.count] = gap
        perf.count++
      }
    }
    frame = requestAnimationFrame(loop)
    return () => {
      cancelAnimationFrame(frame)
      drawRef.current = () => {}
    }
    // One loop per mount; everything it reads changes through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const current = useCallback(() => stateRef.current, [])

  return { stageRef, canvasRef, view, dispatch, current, reducedMotion, playMode }
}

function shallowEqual(a: object, b: object): boolean {
  const ka = Object.keys(a) as (keyof typeof a)[]
  if (ka.length !== Object.keys(b).length) return false
  return ka.every((k) => Object.is(a[k], b[k]))
}
