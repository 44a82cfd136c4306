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
  /**
   * What the page's own data says about its head (an episode's page: its title, description and
   * image), from the route's loader data; anything it leaves out is the handle's.
   */
  head?: (data: unknown) => PageHead | undefined
}

/** A page's head as its data says it: overrides the handle's fields. */
export type PageHead = Partial<
  Pick<RouteHandle, 'title' | 'description' | 'noindex' | 'status'>
> & {
  /** The link preview image: a site path or an https URL. */
  image?: { src: string; alt: string }
}

/** The head of a matched route: its handle, with what its data says over it. */
export function resolveHead(
  handle: RouteHandle | undefined,
  data: unknown,
): (Omit<RouteHandle, 'head'> & Pick<PageHead, 'image'>) | undefined {
  if (!handle) return undefined
  const { head, ...rest } = handle
  return { ...rest, ...head?.(data) }
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

/** The deepest matched route with a handle: its head, from its handle and its data. */
export function routeHeadOf(matches: readonly Pick<UIMatch, 'handle' | 'data'>[]) {
  const match = [...matches].reverse().find((m) => isRouteHandle(m.handle))
  return match && resolveHead(match.handle as RouteHandle, match.data)
}

/** Keeps document.title on the current route's title across navigations in the browser. */
export function useRouteTitle(): void {
  const title = routeHeadOf(useMatches())?.title
  useEffect(() => {
    if (title) document.title = title
  }, [title])
}
