import { pageTitle } from '../../content/site'
import type { RouteHandle } from '../route-handle'

export { CreatorsPage as Component } from '../../features/creators/creators-page'

export const handle: RouteHandle = {
  title: pageTitle('Creators'),
  description: 'Meet the people who make Rent Due.',
}
