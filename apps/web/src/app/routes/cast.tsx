import { pageTitle } from '../../content/site'
import type { RouteHandle } from '../route-handle'

export { CastPage as Component } from '../../features/cast/cast-page'

export const handle: RouteHandle = {
  title: pageTitle('Cast'),
  description: 'The characters of Rent Due and the voice actors behind them.',
}
