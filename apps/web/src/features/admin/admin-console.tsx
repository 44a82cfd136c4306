// The admin console's shell at /admin: the gate (sign-in, 'Not allowed'), then the bar, the views'
// nav and the current view (a child route). Everything goes through the site's one supabase-js
// client with the signed-in user's token; the database's RLS is what actually grants or refuses
// each row. Signing in and out are this route's action; the session is its loader's.
import { useEffect } from 'react'
import {
  NavLink,
  Outlet,
  useFetcher,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
} from 'react-router'
import { toast } from '../../ui/toast'
import { AdminNotAllowed } from './admin-not-allowed'
import {
  readAdminSession,
  signInAdmin,
  signOutAdmin,
  useSessionRevalidation,
  type AdminSession,
} from './admin-session'
import { AdminSignIn } from './admin-sign-in'
import { JSON_POST } from './shared/admin-route'
import './admin.css'

const NAV = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/inbox', label: 'Inbox', end: false },
  { to: '/admin/giveaway', label: 'Giveaway', end: false },
  { to: '/admin/news', label: 'News', end: false },
  { to: '/admin/events', label: 'Events', end: false },
  { to: '/admin/media', label: 'Media', end: false },
  { to: '/admin/tracks', label: 'Track order', end: false },
  { to: '/admin/episodes', label: 'Episodes', end: false },
  { to: '/admin/newsletters', label: 'Newsletters', end: false },
  { to: '/admin/fan-data', label: 'Fan data', end: false },
]

export async function adminConsoleLoader(): Promise<{ session: AdminSession }> {
  if (import.meta.env.SSR) return { session: null }
  return { session: await readAdminSession() }
}

export type ConsoleActionResult = { error: string | null }

export async function adminConsoleAction({
  request,
}: ActionFunctionArgs): Promise<ConsoleActionResult> {
  const body = (await request.json()) as { intent?: string; email?: string; password?: string }
  if (body.intent === 'sign-in') {
    const email = (body.email ?? '').trim()
    if (!email || !body.password) return { error: 'Enter your e-mail and password.' }
    return { error: await signInAdmin(email, body.password) }
  }
  try {
    await signOutAdmin()
    return { error: null }
  } catch (error) {
    console.error('Sign out failed', error)
    toast.error('Signing out failed. Try again.')
    return { error: 'Signing out failed.' }
  }
}

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

export function AdminConsole() {
  useNoIndex()
  const { session } = useLoaderData<typeof adminConsoleLoader>()
  useSessionRevalidation(session !== null)
  const signOut = useFetcher<ConsoleActionResult>()
  const navigation = useNavigation()
  const doSignOut = () =>
    void signOut.submit({ intent: 'sign-out' }, { ...JSON_POST, action: '/admin' })
  return (
    <div className="admin">
      <header className="admin-bar">
        <h1 className="admin-bar__title">
          Rent Due <span className="admin-bar__tag">Admin</span>
        </h1>
        {session?.isAdmin && (
          <div className="admin-bar__user">
            <span className="admin-bar__email">{session.email}</span>
            <button type="button" className="btn btn--secondary" onClick={doSignOut}>
              Sign out
            </button>
          </div>
        )}
      </header>
      {session?.isAdmin && (
        <nav className="admin-nav" aria-label="Admin">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className="admin-nav__link">
              {item.label}
            </NavLink>
          ))}
        </nav>
      )}
      <main
        id="main"
        className="admin-main"
        tabIndex={-1}
        aria-busy={navigation.state === 'loading'}
      >
        {!session ? (
          <AdminSignIn />
        ) : !session.isAdmin ? (
          <AdminNotAllowed email={session.email} onSignOut={doSignOut} />
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  )
}
