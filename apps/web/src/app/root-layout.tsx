// The layout shell around every page: skip link, header, the page, footer, and the pieces that
// float above it all (age gate, toasts, the mobile games sheet, the radio bar). Its loader reads
// what the radio plays, once per visit (the server's read arrives with the page).
import { lazy, Suspense } from 'react'
import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { LazyRadioBar } from '../features/radio/lazy-radio-bar'
import { loaderData } from '../lib/loader-data'
import { loadSoundtrackVolumes } from '../lib/soundtrack-tracks'
import { readClient } from '../lib/supabase'
import { useScrollToTop } from '../lib/use-scroll-to-top'
import { useToasterWanted } from '../ui/toaster-ready'
import { AgeGate } from './age-gate'
import { GamesSheet } from './games-sheet'
import { useRouteTitle } from './route-handle'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export async function rootLoader({ context }: LoaderFunctionArgs) {
  const client = await readClient(context)
  return loaderData({ radio: loadSoundtrackVolumes(client) })
}

// Sonner stays out of the entry bundle and off first load: the Toaster mounts with the first
// toast (features only toast after user actions; ui/toast.ts waits until it has mounted).
const Toaster = lazy(() => import('../ui/toaster').then((m) => ({ default: m.Toaster })))

export function RootLayout() {
  const { radio } = useLoaderData<typeof rootLoader>()
  useScrollToTop()
  useRouteTitle()
  const toasterWanted = useToasterWanted()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <GamesSheet />
      {/* Outside <Outlet/>: the radio's one <audio> survives every route change. */}
      <LazyRadioBar volumes={radio} />
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
      <AgeGate />
    </>
  )
}
