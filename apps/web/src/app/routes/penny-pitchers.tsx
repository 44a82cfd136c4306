import { pageTitle } from '../../content/site'
import type { RouteHandle } from '../route-handle'

export { PennyPinchersPage as Component } from '../../features/penny-pinchers/penny-pinchers-page'

export const handle: RouteHandle = {
  title: pageTitle('Penny Pinchers'),
  description: 'Toss your last coins into the rent jar before Bertha comes knocking.',
}
