// Where a page's data is missing because the backend answered 503 (its database is briefly
// down; the pages are still served): a friendly note instead of an error or an empty list. While
// it is on screen the router re-runs the page's loaders every few seconds (and when the browser
// comes back online or the tab is shown again), so the data fills in by itself once reads succeed.
import { useEffect } from 'react'
import { useRevalidator } from 'react-router'

export const BACK_IN_A_MOMENT = 'Back in a moment: the building’s records are being fetched again.'

/** How often the page's loaders are tried again while the backend is unavailable. */
export const RECHECK_MS = 5000

export function BackInAMoment() {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (state !== 'idle') return
    const retry = () => void revalidate()
    const timer = window.setTimeout(retry, RECHECK_MS)
    const onVisible = () => {
      if (document.visibilityState === 'visible') retry()
    }
    window.addEventListener('online', retry)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.clearTimeout(timer)
      window.removeEventListener('online', retry)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [revalidate, state])
  return (
    <p className="back-soon" role="status">
      <span className="back-soon__icon" aria-hidden="true">
        ⏳
      </span>{' '}
      {BACK_IN_A_MOMENT}
    </p>
  )
}
