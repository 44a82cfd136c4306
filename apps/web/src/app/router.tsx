// The route table of SPEC §2. Every page is its own chunk (lazyPage); main.tsx fetches the first
// page's chunk (for /episodes also its episodes) before React renders, and the layout shows a
// loading state while a later one arrives.
import { Suspense } from 'react'
import { BrowserRouter, matchPath, Route, Routes } from 'react-router'
import { LoadingState } from '../ui/loading-state'
import { lazyPage, type LazyPage } from './lazy-page'
import { RootLayout } from './root-layout'

const HomePage = lazyPage(() => import('./home-route').then((m) => m.HomeRoute))
const AdminPage = lazyPage(() => import('./admin-route').then((m) => m.AdminRoute))
const NotFoundPage = lazyPage(() =>
  import('../features/not-found/not-found-page').then((m) => m.NotFoundPage),
)

/** Every page inside the site layout but Home and the EVICTED page, by path. */
const SUB_PAGES: ReadonlyArray<{ path: string; Page: LazyPage }> = [
  {
    path: 'episodes',
    Page: lazyPage(() =>
      import('../features/episodes/episodes-page').then(async (m) => {
        await m.prepareEpisodesPage()
        return m.EpisodesPage
      }),
    ),
  },
  {
    path: 'soundtrack',
    Page: lazyPage(() =>
      import('../features/soundtrack/soundtrack-page').then((m) => m.SoundtrackPage),
    ),
  },
  { path: 'news', Page: lazyPage(() => import('./news-route').then((m) => m.NewsRoute)) },
  {
    path: 'games',
    Page: lazyPage(() => import('../features/games/games-page').then((m) => m.GamesPage)),
  },
  {
    path: 'games/fan-quiz',
    Page: lazyPage(() => import('../features/fan-quiz/fan-quiz-page').then((m) => m.FanQuizPage)),
  },
  {
    path: 'games/penny-pitchers',
    Page: lazyPage(() =>
      import('../features/penny-pinchers/penny-pinchers-page').then((m) => m.PennyPinchersPage),
    ),
  },
  {
    path: 'games/bill-collector',
    Page: lazyPage(() =>
      import('../features/bill-collector/bill-collector-page').then((m) => m.BillCollectorPage),
    ),
  },
  {
    path: 'games/whack-a-bertha',
    Page: lazyPage(() =>
      import('../features/whack-a-bertha/whack-a-bertha-page').then((m) => m.WhackABerthaPage),
    ),
  },
  { path: 'shop', Page: lazyPage(() => import('./shop-route').then((m) => m.ShopRoute)) },
  { path: 'bts', Page: lazyPage(() => import('../features/bts/bts-page').then((m) => m.BtsPage)) },
  {
    path: 'creators',
    Page: lazyPage(() => import('../features/creators/creators-page').then((m) => m.CreatorsPage)),
  },
  {
    path: 'cast',
    Page: lazyPage(() => import('../features/cast/cast-page').then((m) => m.CastPage)),
  },
]

/**
 * Fetches the chunk of the page at `pathname` (as the routes below match it), so the first
 * render can show the page itself instead of the layout's loading state.
 */
export function preloadPage(pathname: string): Promise<void> {
  if (matchPath('/admin/*', pathname)) return AdminPage.preload()
  if (matchPath('/', pathname)) return HomePage.preload()
  const sub = SUB_PAGES.find(({ path }) => matchPath(`/${path}`, pathname))
  return (sub?.Page ?? NotFoundPage).preload()
}

/**
 * Declarative routes rather than a data router: the site has no loaders or actions, and this
 * keeps about 17 KiB (gzip) of router code out of the entry bundle.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={<LoadingState label="Loading admin..." />}>
              <AdminPage />
            </Suspense>
          }
        />
        <Route path="/" element={<RootLayout />}>
          <Route index element={<HomePage />} />
          {SUB_PAGES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  )
}
