// Any path the site does not have: the EVICTED page, with a real 404 and noindex.
import { site } from '../../content/site'
import type { RouteHandle } from '../route-handle'

export { NotFoundPage as Component } from '../../features/not-found/not-found-page'

export const handle: RouteHandle = {
  title: `Evicted · ${site.title}`,
  description: 'This page has been evicted. Head home to Rent Due.',
  noindex: true,
  status: 404,
}
