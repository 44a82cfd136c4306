// 'Admin sign-in': e-mail and password, sent to the console route's action, which signs in with
// supabase-js. Whether the account may see the console is decided afterwards from the token
// (admin-claims.ts), and by RLS for every row.
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { FormField } from '../../ui/form-field'
import type { ConsoleActionResult } from './admin-console'
import { JSON_POST } from './shared/admin-route'

export function AdminSignIn() {
  const fetcher = useFetcher<ConsoleActionResult>()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const busy = fetcher.state !== 'idle'
  const error = fetcher.data?.error

  return (
    <section className="admin-panel admin-gate" aria-labelledby="admin-sign-in-title">
      <h2 id="admin-sign-in-title" className="admin-panel__title">
        Admin sign-in
      </h2>
      <p className="admin-muted">For the Rent Due team. Sign in with your team account.</p>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void fetcher.submit(
            { intent: 'sign-in', email, password },
            { ...JSON_POST, action: '/admin' },
          )
        }}
      >
        <FormField label="Email" required>
          {(aria) => (
            <input
              {...aria}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Password" required>
          {(aria) => (
            <input
              {...aria}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        {error && !busy && (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--large" disabled={busy}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
      </form>
    </section>
  )
}
