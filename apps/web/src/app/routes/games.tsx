import { pageTitle } from '../../content/site'
import type { RouteHandle } from '../route-handle'

export { GamesPage as Component } from '../../features/games/games-page'

export const handle: RouteHandle = {
  title: pageTitle('Games'),
  description:
    'Play Rent Due games in your browser: the Fan Quiz, Whack-a-Bertha, Bill Collector and Penny Pinchers.',
}
