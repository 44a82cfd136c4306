import { useEffect, useState } from 'react'

/** The hysteresis rule on its own: past `threshold` to switch on, back under `release` to switch off. */
export function nextScrolledPast(was: boolean, y: number, threshold: number, release: number) {
  return was ? y > release : y > threshold
}

/**
 * True once the page is scrolled past `threshold` px. The way back uses a lower mark
 * (hysteresis): a scroll that rests at the mark, or a page whose height changes there, does not
 * flip it back and forth.
 */
export function useScrolledPast(threshold: number, release = threshold / 2): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    let frame = 0
    const check = () => {
      frame = 0
      const y = window.scrollY
      setPast((was) => nextScrolledPast(was, y, threshold, release))
    }
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(check)
    }
    // The first check waits for the next frame too: reading scrollY right after React's commit
    // would force the layout of the whole new page into the commit's task.
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) window.cancelAnimationFrame(frame)
    }
  }, [threshold, release])
  return past
}
