// For tests: the server's HTML of an element rendered inside a data router, as on a page (parts
// such as RetryInBrowser and BackInAMoment ask the page's router to reload).
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'

export function markupInRouter(element: ReactElement): string {
  const router = createMemoryRouter([{ path: '/', element }])
  return renderToStaticMarkup(<RouterProvider router={router} />)
}
