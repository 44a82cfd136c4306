// Short game sound effects synthesized with Web Audio: no files to download. The AudioContext is
// created on the first sound after a user gesture (pages call `unlock()` from a click or key
// handler), and a browser without Web Audio, or one that refuses it, simply stays silent
// (docs/product/games.md#every-canvas-game: an unavailable audio context is ignored). Mute is
// remembered in localStorage.
import { useCallback, useEffect, useRef, useState } from 'react'
import { readStored, writeStored } from './safe-storage'

export type SfxName = 'good' | 'bad' | 'tap' | 'start' | 'win' | 'lose' | 'pause'

interface Note {
  /** Hz at the start and at the end (a slide). */
  from: number
  to: number
  ms: number
  type: OscillatorType
  /** Delay from the call, ms. */
  at?: number
  gain?: number
}

const RECIPES: Record<SfxName, Note[]> = {
  good: [
    { from: 660, to: 990, ms: 90, type: 'square', gain: 0.08 },
    { from: 990, to: 1320, ms: 90, type: 'square', at: 70, gain: 0.06 },
  ],
  bad: [{ from: 220, to: 110, ms: 220, type: 'sawtooth', gain: 0.09 }],
  tap: [{ from: 440, to: 380, ms: 60, type: 'triangle', gain: 0.1 }],
  start: [
    { from: 523, to: 523, ms: 90, type: 'square', gain: 0.06 },
    { from: 784, to: 784, ms: 140, type: 'square', at: 100, gain: 0.06 },
  ],
  win: [523, 659, 784, 1047].map((f, i) => ({
    from: f,
    to: f,
    ms: 140,
    type: 'square' as const,
    at: i * 110,
    gain: 0.07,
  })),
  lose: [392, 330, 262].map((f, i) => ({
    from: f,
    to: f * 0.96,
    ms: 220,
    type: 'triangle' as const,
    at: i * 200,
    gain: 0.12,
  })),
  pause: [{ from: 600, to: 600, ms: 50, type: 'sine', gain: 0.08 }],
}

export const MUTE_KEY = 'rentDue.games.muted'

type AudioContextCtor = typeof AudioContext

export interface Sfx {
  muted: boolean
  setMuted(muted: boolean): void
  /** Call from a user gesture: creates or resumes the audio context. */
  unlock(): void
  play(name: SfxName): void
}

export function useSfx(): Sfx {
  const [muted, setMutedState] = useState(() => readStored(MUTE_KEY) === 'true')
  const ctxRef = useRef<AudioContext | null>(null)
  const failedRef = useRef(false)
  const mutedRef = useRef(muted)

  useEffect(() => {
    mutedRef.current = muted
  }, [muted])

  useEffect(
    () => () => {
      void ctxRef.current?.close().catch(() => undefined)
      ctxRef.current = null
    },
    [],
  )

  const unlock = useCallback(() => {
    if (mutedRef.current || failedRef.current) return
    try {
      if (!ctxRef.current) {
        const Ctor = (window.AudioContext ??
          (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext) as
          AudioContextCtor | undefined
        if (!Ctor) {
          failedRef.current = true
          return
        }
        ctxRef.current = new Ctor()
      }
      if (ctxRef.current.state === 'suspended') void ctxRef.current.resume().catch(() => undefined)
    } catch {
      failedRef.current = true
    }
  }, [])

  const play = useCallback((name: SfxName) => {
    const ctx = ctxRef.current
    if (mutedRef.current || !ctx || ctx.state !== 'running') return
    try {
      for (const note of RECIPES[name]) playNote(ctx, note)
    } catch {
      // A sound that cannot play is not worth an error.
    }
  }, [])

  const setMuted = useCallback(
    (next: boolean) => {
      setMutedState(next)
      mutedRef.current = next
      writeStored(MUTE_KEY, String(next))
      if (!next) unlock()
    },
    [unlock],
  )

  return { muted, setMuted, unlock, play }
}

function playNote(ctx: AudioContext, note: Note): void {
  const start = ctx.currentTime + (note.at ?? 0) / 1000
  const end = start + note.ms / 1000
  const osc = ctx.createOscillator()
  const gain = ctx.createGain()
  osc.type = note.type
  osc.frequency.setValueAtTime(note.from, start)
  osc.frequency.exponentialRampToValueAtTime(note.to, end)
  gain.gain.setValueAtTime(note.gain ?? 0.08, start)
  gain.gain.exponentialRampToValueAtTime(0.0001, end)
  osc.connect(gain).connect(ctx.destination)
  osc.start(start)
  osc.stop(end + 0.02)
}
