// A game: it needs JavaScript to play and reads the browser (its ?seed=, the screen) from its
// first render, so it is rendered in the browser only.
import { pageTitle } from '../../content/site'
import type { RouteHandle } from '../route-handle'

export { BillCollectorPage as Component } from '../../features/bill-collector/bill-collector-page'

export const handle: RouteHandle = {
  title: pageTitle('Bill Collector'),
  description: 'Pick a roommate, catch the dollars, dodge the bills and make rent in five rounds.',
  clientOnly: true,
}
