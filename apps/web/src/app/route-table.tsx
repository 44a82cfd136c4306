// The route table (docs/product/pages.md#routes) in React Router's data mode, the same on the
// server (entry-server.tsx: createStaticHandler) and in the browser (main.tsx:
// createBrowserRouter). Every page is a lazy route module under routes/ (its chunk, its loader, its
// handle: title, description, status); the route's id is its module's file name, which the server
// uses to find the page's chunk in the build manifest and preload it. The root route holds the
// layout and reads what every page shares (the radio's tracks). Every page, and the root (a post to
// '/' targets it), shares one action for the site's forms (form-action.ts, loaded on the first
// post).
import type { ActionFunction, RouteObject, ShouldRevalidateFunction } from 'react-router'
import { isFormOutcome } from '../lib/form-outcome'
import { LoadingState } from '../ui/loading-state'
import { adminRoute } from './admin-routes'
import { RootLayout, rootLoader } from './root-layout'
import { RouteError } from './route-error'

const action: ActionFunction = (args) => import('./form-action').then((m) => m.formAction(args))

/** A form's post changes nothing the pages read: their loaders do not run again after it. */
const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isFormOutcome(actionResult) ? false : defaultShouldRevalidate

/** A child route of the layout, its module at routes/<id>.tsx. */
function page(id: string, path: string | undefined, load: () => Promise<object>): RouteObject {
  const route = { id, lazy: load, action, shouldRevalidate }
  return path === undefined ? { ...route, index: true } : { ...route, path }
}

export const routes: RouteObject[] = [
  adminRoute,
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    loader: rootLoader,
    action,
    shouldRevalidate,
    // A build without our server (a static host) renders in the browser: the radio's first read.
    HydrateFallback: () => <LoadingState label="Loading page..." />,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          page('home', undefined, () => import('./routes/home')),
          page('episodes', 'episodes', () => import('./routes/episodes')),
          page('episode', 'episodes/:slug', () => import('./routes/episode')),
          page('soundtrack', 'soundtrack', () => import('./routes/soundtrack')),
          page('news', 'news', () => import('./routes/news')),
          page('games', 'games', () => import('./routes/games')),
          page('fan-quiz', 'games/fan-quiz', () => import('./routes/fan-quiz')),
          page('penny-pitchers', 'games/penny-pitchers', () => import('./routes/penny-pitchers')),
          page('bill-collector', 'games/bill-collector', () => import('./routes/bill-collector')),
          page('whack-a-bertha', 'games/whack-a-bertha', () => import('./routes/whack-a-bertha')),
          page('shop', 'shop', () => import('./routes/shop')),
          page('bts', 'bts', () => import('./routes/bts')),
          page('creators', 'creators', () => import('./routes/creators')),
          page('cast', 'cast', () => import('./routes/cast')),
          page('not-found', '*', () => import('./routes/not-found')),
        ],
      },
    ],
  },
]
