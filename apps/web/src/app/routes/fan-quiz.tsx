// A game: it needs JavaScript to play and reads the browser (its ?seed=, the screen) from its
// first render, so it is rendered in the browser only.
import { pageTitle } from '../../content/site'
import type { RouteHandle } from '../route-handle'

export { FanQuizPage as Component } from '../../features/fan-quiz/fan-quiz-page'

export const handle: RouteHandle = {
  title: pageTitle('Fan Quiz'),
  description:
    'Ten questions about Rent Due. Score a perfect 10 to enter the monthly merch giveaway.',
  clientOnly: true,
}
