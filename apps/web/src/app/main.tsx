// The code that makes a page live, loaded by the entry (boot.ts). A page the server rendered (its
// HTML carries the router's data, #rd-router-data) is hydrated: the same components take over the
// same DOM. The admin console and a static build without our server render from scratch.
//
// React DOM, the router and the route table are imported by name, each evaluated as its own
// module graph; the build puts them in the file this module is in, `shell` (decision 393), and
// the page's own modules in a few more. The page's HTML modulepreloads all of them (decision
// 302): they arrive in parallel with the page, and it hydrates as soon as they are in. Nothing
// waits for a timer or a paint.
import { startTransition, StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react'
import { replayHeldTap } from '../lib/held-tap'
import { ROUTER_DATA_ID } from './router-data'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

/**
 * Marks <html data-hydrated> in the commit that makes the page live (the head script stops
 * holding taps then, and the e2e specs wait for it), then answers a tap held until now.
 */
function Live({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  useEffect(replayHeldTap, [])
  return children
}

async function start(container: HTMLElement): Promise<void> {
  const data = document.getElementById(ROUTER_DATA_ID)
  const { createRoot, hydrateRoot } = await import('react-dom/client')
  const { createBrowserRouter, loadMatchedRoutes, RouterProvider } = await import('./router-kit')
  const { routes } = await import('./route-table')
  await loadMatchedRoutes(routes)
  // From here React answers the page's events itself (hydrating what a tap lands on at once):
  // the head script stops holding taps.
  document.documentElement.dataset.hydrating = ''
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
