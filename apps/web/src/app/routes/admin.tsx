// /admin and its views: the admin console, chunks of their own that a visitor of the site never
// downloads. Rendered only in the browser (the server sends the bare shell). It has no site
// header, footer or age gate; toasts it needs itself. The views are child routes (admin-routes.ts).
import { lazy, Suspense } from 'react'
import { pageTitle } from '../../content/site'
import {
  AdminConsole,
  adminConsoleAction,
  adminConsoleLoader,
} from '../../features/admin/admin-console'
import { LoadingState } from '../../ui/loading-state'
import { RouteError } from '../route-error'
import { useRouteTitle, type RouteHandle } from '../route-handle'

export const handle: RouteHandle = {
  title: pageTitle('Admin'),
  description: 'The Rent Due admin console.',
  noindex: true,
  clientOnly: true,
}

export const loader = adminConsoleLoader
export const action = adminConsoleAction

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

export function HydrateFallback() {
  return <LoadingState label="Checking your session..." />
}

export const ErrorBoundary = RouteError
