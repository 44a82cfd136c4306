// Where a page reached by a link starts: at the top, or at the item its #hash names
// (lib/hash-target.ts, loaded only then).
import { useEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** The visit's first page has not been placed yet (it arrives by a load, a POP). */
let firstPage = true

/**
 * A page reached by a link starts at the top (the declarative router has no
 * ScrollRestoration), or at its hash's item; so does the visit's first page when it has a hash.
 * Back and forward (POP), and a jump to an anchor within the page, are left to the browser.
 */
export function useScrollToTop(): void {
  const { pathname, hash, key } = useLocation()
  const navigationType = useNavigationType()
  useEffect(() => {
    const arrived = navigationType !== 'POP' || firstPage
    firstPage = false
    if (!arrived) return
    if (navigationType !== 'POP') window.scrollTo(0, 0)
    if (!hash) return
    let cancel: (() => void) | undefined
    let left = false
    void import('./hash-target').then((m) => {
      if (!left) cancel = m.revealHashTarget(hash)
    })
    return () => {
      left = true
      cancel?.()
    }
  }, [key, pathname, hash, navigationType])
}
