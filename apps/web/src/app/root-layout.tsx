// The layout shell around every page: skip link, header, the page (lazy, in Suspense), footer,
// and the pieces that float above it all (age gate, toasts, the mobile games sheet, the radio bar).
import { lazy, Suspense } from 'react'
import { Outlet } from 'react-router'
import { LazyRadioBar } from '../features/radio/lazy-radio-bar'
import { useScrollToTop } from '../lib/use-scroll-to-top'
import { LoadingState } from '../ui/loading-state'
import { AgeGate } from './age-gate'
import { GamesSheet } from './games-sheet'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

// Sonner stays out of the entry bundle; features only toast after user actions, by which time
// this chunk has long arrived (ui/toast.ts waits for it anyway).
const Toaster = lazy(() => import('../ui/toaster').then((m) => ({ default: m.Toaster })))

export function RootLayout() {
  useScrollToTop()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<LoadingState label="Loading page..." />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <GamesSheet />
      {/* Outside <Outlet/>: the radio's one <audio> survives every route change. */}
      <LazyRadioBar />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <AgeGate />
    </>
  )
}
