// /admin/*: the admin console, a chunk of its own that a visitor of the site never downloads.
// It has no site header, footer or age gate; toasts it needs itself.
import { lazy, Suspense } from 'react'
import { AdminConsole } from '../features/admin/admin-console'

const Toaster = lazy(() => import('../ui/toaster').then((m) => ({ default: m.Toaster })))

export function AdminRoute() {
  return (
    <>
      <AdminConsole />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  )
}
