// /admin/*: the admin console, a chunk of its own that a visitor of the site never downloads.
// Rendered only in the browser (the server sends the bare shell). It has no site header, footer
// or age gate; toasts it needs itself.
import { lazy, Suspense } from 'react'
import { pageTitle } from '../../content/site'
import { AdminConsole } from '../../features/admin/admin-console'
import { useRouteTitle, type RouteHandle } from '../route-handle'

export const handle: RouteHandle = {
  title: pageTitle('Admin'),
  description: 'The Rent Due admin console.',
  noindex: true,
  clientOnly: true,
}

const Toaster = lazy(() => import('../../ui/toaster').then((m) => ({ default: m.Toaster })))

export function Component() {
  useRouteTitle()
  return (
    <>
      <AdminConsole />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  )
}
