// A game: it needs JavaScript to play and reads the browser (its ?seed=, the screen) from its
// first render, so it is rendered in the browser only.
import { pageTitle } from '../../content/site'
import type { RouteHandle } from '../route-handle'

export { PennyPinchersPage as Component } from '../../features/penny-pinchers/penny-pinchers-page'

export const handle: RouteHandle = {
  title: pageTitle('Penny Pinchers'),
  description: 'Toss your last coins into the rent jar before Bertha comes knocking.',
  clientOnly: true,
}
