// The admin console at /admin/*: the gate (sign-in, 'Not allowed'), then the shell with its
// views. Everything goes through the site's one supabase-js client with the signed-in user's
// token; the database's RLS is what actually grants or refuses each row.
import { lazy, Suspense, useEffect } from 'react'
import { NavLink, Route, Routes } from 'react-router'
import { LoadingState } from '../../ui/loading-state'
import { toast } from '../../ui/toast'
import { AdminNotAllowed } from './admin-not-allowed'
import { signOutAdmin, useAdminSession } from './admin-session'
import { AdminSignIn } from './admin-sign-in'
import { AdminDashboard } from './dashboard/admin-dashboard'
import './admin.css'

const AdminInbox = lazy(() =>
  import('./inbox/admin-inbox').then((m) => ({ default: m.AdminInbox })),
)
const AdminGiveaway = lazy(() =>
  import('./giveaway/admin-giveaway').then((m) => ({ default: m.AdminGiveaway })),
)
const AdminNews = lazy(() => import('./news/admin-news').then((m) => ({ default: m.AdminNews })))
const AdminMedia = lazy(() =>
  import('./media/admin-media').then((m) => ({ default: m.AdminMedia })),
)
const AdminEpisodes = lazy(() =>
  import('./episodes/admin-episodes').then((m) => ({ default: m.AdminEpisodes })),
)

const NAV = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/inbox', label: 'Inbox', end: false },
  { to: '/admin/giveaway', label: 'Giveaway', end: false },
  { to: '/admin/news', label: 'News', end: false },
  { to: '/admin/media', label: 'Media', end: false },
  { to: '/admin/episodes', label: 'Episodes', end: false },
]

/** Keeps search engines out of the console, also where the server's header is missing. */
function useNoIndex() {
  useEffect(() => {
    if (document.querySelector('meta[name="robots"][content~="noindex"]')) return
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex'
    document.head.append(meta)
    return () => meta.remove()
  }, [])
}

function signOut() {
  signOutAdmin().catch((error: unknown) => {
    console.error('Sign out failed', error)
    toast.error('Signing out failed. Try again.')
  })
}

export function AdminConsole() {
  useNoIndex()
  const session = useAdminSession()
  const signedIn = session.status === 'signed-in' ? session : null
  return (
    <div className="admin">
      <header className="admin-bar">
        <h1 className="admin-bar__title">
          Rent Due <span className="admin-bar__tag">Admin</span>
        </h1>
        {signedIn?.isAdmin && (
          <div className="admin-bar__user">
            <span className="admin-bar__email">{signedIn.email}</span>
            <button type="button" className="btn btn--secondary" onClick={signOut}>
              Sign out
            </button>
          </div>
        )}
      </header>
      {signedIn?.isAdmin && (
        <nav className="admin-nav" aria-label="Admin">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className="admin-nav__link">
              {item.label}
            </NavLink>
          ))}
        </nav>
      )}
      <main id="main" className="admin-main" tabIndex={-1}>
        {session.status === 'loading' ? (
          <LoadingState label="Checking your session..." />
        ) : !signedIn ? (
          <AdminSignIn />
        ) : !signedIn.isAdmin ? (
          <AdminNotAllowed email={signedIn.email} onSignOut={signOut} />
        ) : (
          <Suspense fallback={<LoadingState label="Loading..." />}>
            <Routes>
              <Route index element={<AdminDashboard />} />
              <Route path="inbox" element={<AdminInbox />} />
              <Route path="inbox/:table" element={<AdminInbox />} />
              <Route path="giveaway" element={<AdminGiveaway />} />
              <Route path="news" element={<AdminNews />} />
              <Route path="media" element={<AdminMedia />} />
              <Route path="episodes" element={<AdminEpisodes />} />
              <Route path="*" element={<AdminDashboard />} />
            </Routes>
          </Suspense>
        )}
      </main>
    </div>
  )
}
