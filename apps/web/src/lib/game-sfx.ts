// The game pages' sound effects (synthesized by @rent-due/games/browser/sfx). The AudioContext is
// created on the first sound after a user gesture (pages call `unlock()` from a click or key
// handler), and a browser without Web Audio, or one that refuses it, simply stays silent
// (docs/product/games.md#every-canvas-game: an unavailable audio context is ignored). Mute is
// remembered in localStorage.
import { createAudioContext, playSfx, type SfxName } from '@rent-due/games/browser/sfx'
import { useCallback, useEffect, useRef, useState } from 'react'
import { readStored, writeStored } from './safe-storage'

export type { SfxName }

export const MUTE_KEY = 'rentDue.games.muted'

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
        ctxRef.current = createAudioContext()
        if (!ctxRef.current) {
          failedRef.current = true
          return
        }
      }
      if (ctxRef.current.state === 'suspended') void ctxRef.current.resume().catch(() => undefined)
    } catch {
      failedRef.current = true
    }
  }, [])

  const play = useCallback((name: SfxName) => {
    const ctx = ctxRef.current
    if (mutedRef.current || !ctx) return
    playSfx(ctx, name)
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
