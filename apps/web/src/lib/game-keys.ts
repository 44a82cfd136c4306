// Window-level keys for a game page. Keys typed into a form field are left alone, and so is Space
// on a focused button or link: the browser already turns it into a click on that control, and
// handling it twice would pause and resume in one press. Everything else reaches the game.
import { useEffect, useRef } from 'react'

export type KeyHandler = (key: string, event: KeyboardEvent) => boolean

/** `onDown` returns true when it used the key (the page then does not scroll). */
export function useGameKeys(onDown: KeyHandler, onUp?: (key: string) => void): void {
  const handlers = useRef({ onDown, onUp })
  useEffect(() => {
    handlers.current = { onDown, onUp }
  })
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return
      const target = event.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return
      if (event.key === ' ' && target?.closest('button, a, [role="button"]')) return
      if (handlers.current.onDown(event.key, event)) event.preventDefault()
    }
    const up = (event: KeyboardEvent) => handlers.current.onUp?.(event.key)
    // Keys held when the window loses focus would otherwise stay "held".
    const blur = () => handlers.current.onUp?.('*')
    window.addEventListener('keydown', down)
    window.addEventListener('keyup', up)
    window.addEventListener('blur', blur)
    return () => {
      window.removeEventListener('keydown', down)
      window.removeEventListener('keyup', up)
      window.removeEventListener('blur', blur)
    }
  }, [])
}
