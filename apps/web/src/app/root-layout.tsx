// The layout shell around every page: skip link, header, the page (lazy, in Suspense), footer,
// and the pieces that float above it all (age gate, toasts, the mobile games sheet, the radio bar).
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { Outlet } from 'react-router'
import { LazyRadioBar } from '../features/radio/lazy-radio-bar'
import { useScrollToTop } from '../lib/use-scroll-to-top'
import { LoadingState } from '../ui/loading-state'
import { isToasterWanted, subscribeToasterWanted } from '../ui/toaster-ready'
import { AgeGate } from './age-gate'
import { GamesSheet } from './games-sheet'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

// Sonner stays out of the entry bundle and off first load: the Toaster mounts with the first
// toast (features only toast after user actions; ui/toast.ts waits until it has mounted).
const Toaster = lazy(() => import('../ui/toaster').then((m) => ({ default: m.Toaster })))

export function RootLayout() {
  useScrollToTop()
  const toasterWanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false)
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
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
      <AgeGate />
    </>
  )
}
