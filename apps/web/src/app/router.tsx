// The route table of SPEC §2. Every page is its own chunk (React.lazy); the layout shows a
// loading state while one arrives.
import { lazy, Suspense } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router'
import { LoadingState } from '../ui/loading-state'
import { RootLayout } from './root-layout'

const HomePage = lazy(() => import('./home-route').then((m) => ({ default: m.HomeRoute })))
const EpisodesPage = lazy(() =>
  import('../features/episodes/episodes-page').then((m) => ({ default: m.EpisodesPage })),
)
const SoundtrackPage = lazy(() =>
  import('../features/soundtrack/soundtrack-page').then((m) => ({ default: m.SoundtrackPage })),
)
const NewsPage = lazy(() => import('./news-route').then((m) => ({ default: m.NewsRoute })))
const GamesPage = lazy(() =>
  import('../features/games/games-page').then((m) => ({ default: m.GamesPage })),
)
const FanQuizPage = lazy(() =>
  import('../features/fan-quiz/fan-quiz-page').then((m) => ({ default: m.FanQuizPage })),
)
const PennyPinchersPage = lazy(() =>
  import('../features/penny-pinchers/penny-pinchers-page').then((m) => ({
    default: m.PennyPinchersPage,
  })),
)
const BillCollectorPage = lazy(() =>
  import('../features/bill-collector/bill-collector-page').then((m) => ({
    default: m.BillCollectorPage,
  })),
)
const WhackABerthaPage = lazy(() =>
  import('../features/whack-a-bertha/whack-a-bertha-page').then((m) => ({
    default: m.WhackABerthaPage,
  })),
)
const ShopPage = lazy(() => import('./shop-route').then((m) => ({ default: m.ShopRoute })))
const BtsPage = lazy(() => import('../features/bts/bts-page').then((m) => ({ default: m.BtsPage })))
const CreatorsPage = lazy(() =>
  import('../features/creators/creators-page').then((m) => ({ default: m.CreatorsPage })),
)
const CastPage = lazy(() =>
  import('../features/cast/cast-page').then((m) => ({ default: m.CastPage })),
)
const AdminPage = lazy(() => import('./admin-route').then((m) => ({ default: m.AdminRoute })))
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
)

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
          <Route path="episodes" element={<EpisodesPage />} />
          <Route path="soundtrack" element={<SoundtrackPage />} />
          <Route path="news" element={<NewsPage />} />
          <Route path="games" element={<GamesPage />} />
          <Route path="games/fan-quiz" element={<FanQuizPage />} />
          <Route path="games/penny-pitchers" element={<PennyPinchersPage />} />
          <Route path="games/bill-collector" element={<BillCollectorPage />} />
          <Route path="games/whack-a-bertha" element={<WhackABerthaPage />} />
          <Route path="shop" element={<ShopPage />} />
          <Route path="bts" element={<BtsPage />} />
          <Route path="creators" element={<CreatorsPage />} />
          <Route path="cast" element={<CastPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  )
}
