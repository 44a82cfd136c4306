// What main.tsx needs of React Router to start the page, as one module it imports on its own
// step (decision 250).
import { matchRoutes, type RouteObject } from 'react-router'

export { createBrowserRouter } from 'react-router'
export { RouterProvider } from 'react-router/dom'

/**
 * Loads the lazy modules of the routes matching the current URL into the route table, so the
 * router's first render is the page itself, as the server rendered it (a lazy route still
 * loading would render nothing and fail the hydration).
 */
export async function loadMatchedRoutes(table: RouteObject[]): Promise<void> {
  const matches = matchRoutes(table, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const module = (await route.lazy()) as Partial<RouteObject>
      Object.assign(route, { ...module, lazy: undefined })
    }),
  )
}
