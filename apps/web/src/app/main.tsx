// The code that makes a page live, loaded by the entry (boot.ts) once the page has been painted.
// A page the server rendered (its HTML carries the router's data, #rd-router-data) is hydrated:
// the same components take over the same DOM. The admin console and a static build without our
// server render from scratch.
//
// React DOM, the router and the site's own modules are separate module graphs, each evaluated in
// a task of its own, and the router and React start in further tasks (decision 250): on a slow
// phone no single step holds the main thread for long while the page is already on screen.
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react'
import { ROUTER_DATA_ID } from './router-data'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

/** Resolves in a new task, after the browser has had its turn (input, rendering). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Marks <html data-hydrated> once React has taken the page over (the e2e specs wait for it). */
function Live({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return children
}

/**
 * Resolves once the server's page is on screen: its first-contentful-paint entry exists, which the
 * browser adds when that frame has been presented (decision 280). At once where nothing can be
 * presented yet (a hidden or prerendering tab) or the browser does not report paints.
 */
function firstPaintPresented(): Promise<void> {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0
  if (
    document.visibilityState !== 'visible' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
    painted()
  ) {
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect()
      window.clearTimeout(fallback)
      resolve()
    }
    const observer = new PerformanceObserver(() => {
      if (painted()) done()
    })
    observer.observe({ type: 'paint', buffered: true })
    // Should a browser list paint entries and never add this one, the page still goes live.
    const fallback = window.setTimeout(done, 1000)
  })
}

async function start(container: HTMLElement): Promise<void> {
  const data = document.getElementById(ROUTER_DATA_ID)
  // React DOM (65 KB) is the bulk of the code: it waits until the painted page is on screen, so
  // on a busy phone its download never competes with showing that page (decision 280).
  if (data?.textContent) await firstPaintPresented()
  const { createRoot, hydrateRoot } = await import('react-dom/client')
  await nextTask()
  const { createBrowserRouter, loadMatchedRoutes, RouterProvider } = await import('./router-kit')
  await nextTask()
  const { routes } = await import('./route-table')
  await nextTask()
  await loadMatchedRoutes(routes)
  await nextTask()
  if (!data?.textContent) {
    const router = createBrowserRouter(routes)
    createRoot(container).render(
      <StrictMode>
        <Live>
          <RouterProvider router={router} />
        </Live>
      </StrictMode>,
    )
    return
  }
  const router = createBrowserRouter(routes, { hydrationData: JSON.parse(data.textContent) })
  await nextTask()
  // In a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is live: a tap or a scroll meanwhile is answered.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <Live>
          <RouterProvider router={router} />
        </Live>
      </StrictMode>,
    )
  })
}

void start(root)
