import { pageTitle } from '../../content/site'
import type { RouteHandle } from '../route-handle'

export { WhackABerthaPage as Component } from '../../features/whack-a-bertha/whack-a-bertha-page'

export const handle: RouteHandle = {
  title: pageTitle('Whack-a-Bertha'),
  description: 'Eight doors, one landlady, thirty seconds. Whack Bertha before she collects.',
}
