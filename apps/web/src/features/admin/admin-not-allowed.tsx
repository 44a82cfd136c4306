import { Link } from 'react-router'

type AdminNotAllowedProps = { email: string; onSignOut(): void }

/** A signed-in account without the admin role. */
export function AdminNotAllowed({ email, onSignOut }: AdminNotAllowedProps) {
  return (
    <section className="admin-panel admin-gate" aria-labelledby="admin-not-allowed-title">
      <h2 id="admin-not-allowed-title" className="admin-panel__title">
        Not allowed
      </h2>
      <p>This area is for the Rent Due team. Your account does not have access.</p>
      <p className="admin-muted">Signed in as {email}.</p>
      <div className="admin-actions">
        <Link className="btn btn--primary" to="/">
          Go to the home page
        </Link>
        <button type="button" className="btn btn--secondary" onClick={onSignOut}>
          Sign out
        </button>
      </div>
    </section>
  )
}
