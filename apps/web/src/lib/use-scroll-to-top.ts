import { useEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/**
 * A page reached by a link starts at the top (the declarative router has no ScrollRestoration).
 * Back and forward (POP) are left to the browser's own scroll restoration.
 */
export function useScrollToTop(): void {
  const { pathname } = useLocation()
  const navigationType = useNavigationType()
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0)
  }, [pathname, navigationType])
}
