// A CSS media query as React state, for the few layouts that need JS as well as CSS (the radio's
// mini bar, the games' play mode). Reads matchMedia, re-renders when the answer changes.
import { useSyncExternalStore } from 'react'

/**
 * The phone layout (issue 18): narrower than a tablet, or a phone on its side. The stylesheets
 * that follow it repeat the same query (radio-bar.css, shell.css, game-stage.css).
 */
export const PHONE_QUERY = '(max-width: 767px), (max-height: 499px)'

/** A screen too short for a game page with its intro: the game takes the screen at once. */
export const SHORT_QUERY = '(max-height: 699px)'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  )
}
