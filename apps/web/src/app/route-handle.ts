// What a route module says about its page besides the page itself (its `handle`): the document
// title and the description that the server writes into the HTML's head (title, description,
// canonical, Open Graph, Twitter card) and the browser keeps in document.title.
import { useEffect } from 'react'
import { useMatches, type UIMatch } from 'react-router'

export type RouteHandle = {
  /** The whole document title, 'Episodes · Rent Due' (pageTitle() of content/site.ts). */
  title: string
  description: string
  /** Search engines should not index the page (the EVICTED page, the admin console). */
  noindex?: boolean
  /** The HTTP status of the page's HTML: 404 for the EVICTED page. */
  status?: 200 | 404
  /** Rendered only in the browser (the admin console): the server sends the bare shell. */
  clientOnly?: boolean
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle
}

/** The handle of the deepest matched route that has one. */
export function routeHandleOf(
  matches: readonly Pick<UIMatch, 'handle'>[],
): RouteHandle | undefined {
  return matches
    .map((m) => m.handle)
    .reverse()
    .find(isRouteHandle)
}

/** Keeps document.title on the current route's title across navigations in the browser. */
export function useRouteTitle(): void {
  const title = routeHandleOf(useMatches())?.title
  useEffect(() => {
    if (title) document.title = title
  }, [title])
}
