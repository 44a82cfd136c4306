// 'Admin sign-in': e-mail and password through supabase-js. Whether the account may see the
// console is decided afterwards from the token (admin-claims.ts), and by RLS for every row.
import { useState, type FormEvent } from 'react'
import { getSupabase } from '../../lib/supabase'
import { FormField } from '../../ui/form-field'

export function AdminSignIn() {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!email.trim() || !password) {
      setError('Enter your e-mail and password.')
      return
    }
    setBusy(true)
    setError(null)
    try {
      const supabase = await getSupabase()
      const { error: failed } = await supabase.auth.signInWithPassword({
        email: email.trim(),
        password,
      })
      if (failed) setError(failed.status === 400 ? 'Wrong e-mail or password.' : failed.message)
    } catch (e) {
      console.error('Admin sign-in failed', e)
      setError('Could not reach the server. Try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="admin-panel admin-gate" aria-labelledby="admin-sign-in-title">
      <h2 id="admin-sign-in-title" className="admin-panel__title">
        Admin sign-in
      </h2>
      <p className="admin-muted">For the Rent Due team. Sign in with your team account.</p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
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
        {error && (
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
