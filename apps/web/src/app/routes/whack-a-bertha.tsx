// A game: it needs JavaScript to play and reads the browser (its ?seed=, the screen) from its
// first render, so it is rendered in the browser only.
import { pageTitle } from '../../content/site'
import type { RouteHandle } from '../route-handle'

export { WhackABerthaPage as Component } from '../../features/whack-a-bertha/whack-a-bertha-page'

export const handle: RouteHandle = {
  title: pageTitle('Whack-a-Bertha'),
  description: 'Eight doors, one landlady, thirty seconds. Whack Bertha before she collects.',
  clientOnly: true,
}
