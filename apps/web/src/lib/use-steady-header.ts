// The sticky header is in the page's flow, so when it shrinks on scroll (or grows again near the
// top) everything below it would move by the difference, about 44 px on a laptop. A fan who has
// just scrolled back up and taps Back would then press on one spot and lift on another, or on the
// header that grew under the finger: the tap is lost. So while the header is compact because the
// page is scrolled, its bottom margin holds the rest of the full header's room (shell.css), and
// nothing below it moves. That margin is worked out by the stylesheet in the same style change
// that makes the header compact: from the compact row's fixed height and the full header's height
// measured here. A margin set by script after the change would need a layout without it first, and
// the browser's scroll anchoring scrolls the page to follow the content that moved in that layout.
import { useLayoutEffect, type RefObject } from 'react'

/** Keeps `--header-full-height` on `header` up to date while it is full size. */
export function useSteadyHeader(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = header.current
    if (!el) return
    // Called after a layout, before its paint (the first call too: no cost to the hydration).
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize
      if (height === undefined || el.dataset.compact === 'true') return
      el.style.setProperty('--header-full-height', `${height}px`)
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [header])
}
