// What a page shows when it could not be loaded at all (its chunk failed to arrive, a bug): the
// layout stays, and the visitor can try again. Data reads never land here: a loader hands a
// failed read to its page, which shows the spec's text for it.
import { useLocation, useRouteError } from 'react-router'

export function RouteError() {
  const error = useRouteError()
  const { pathname, search } = useLocation()
  console.error('The page could not be shown', error)
  return (
    <div className="route-error notice" role="alert">
      <h1 className="page-title">Something fell behind the radiator</h1>
      <p>This page could not be loaded. Check your connection and try again.</p>
      <a className="btn btn--primary" href={pathname + search}>
        Try again
      </a>
    </div>
  )
}
