// Play mode (issue 18, decision 200): while a canvas game takes the whole screen, the layout folds
// around it. The game page switches it on (lib/game-loop.ts); the header keeps to its compact row
// and the radio folds into a pill (both read usePlayMode), and `data-play-mode` on <html> lets the
// stylesheets give the game the height the header leaves (shell.css, game-stage.css).
import { useLayoutEffect } from 'react'
import { sharedValue, useSharedValue } from './shared-value'

const playMode = sharedValue(false)

function set(value: boolean): void {
  if (value === playMode.get()) return
  if (value) document.documentElement.dataset.playMode = ''
  else delete document.documentElement.dataset.playMode
  playMode.set(value)
}

export function usePlayMode(): boolean {
  return useSharedValue(playMode, false)
}

/**
 * Holds play mode on while `active` (and the caller is mounted). A layout effect: the page's
 * first paint in play mode already has the folded header, radio and the game's full height.
 */
export function usePlayModeWhile(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return
    set(true)
    return () => set(false)
  }, [active])
}
