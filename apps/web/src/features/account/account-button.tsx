// The header's account corner: 'Sign In' (opening the sign-in / sign-up dialog) or who is signed
// in with 'Sign Out'. The forms load with the dialog; supabase-js loads only when needed.
import { lazy, Suspense, useEffect, useState } from 'react'
import './account-button.css'
import { Dialog } from '../../ui/dialog'
import { LoadingState } from '../../ui/loading-state'
import { toast } from '../../ui/toast'
import { hasStoredSession, useAccountUser, watchAccount } from './account-store'

const SignInForm = lazy(() => import('./account-forms').then((m) => ({ default: m.SignInForm })))
const SignUpForm = lazy(() => import('./account-forms').then((m) => ({ default: m.SignUpForm })))

export function AccountButton() {
  const user = useAccountUser()
  const [open, setOpen] = useState(false)
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in')

  useEffect(() => {
    if (hasStoredSession()) void watchAccount()
  }, [])

  if (user) {
    const signOut = async () => {
      const { signOut: end } = await import('./api/sign-out')
      await end()
      toast.success('Signed out.')
    }
    return (
      <div className="account">
        <p className="account__who">
          <span className="account__label">Signed in as </span>
          <strong>{user.username ?? user.email}</strong>
        </p>
        <button type="button" className="account__button" onClick={() => void signOut()}>
          Sign Out
        </button>
      </div>
    )
  }

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) setMode('sign-in')
  }
  const done = () => onOpenChange(false)
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'sign-in' ? 'Sign In' : 'Sign Up'}
      description={
        mode === 'sign-in'
          ? 'Welcome back to The Briggs Arms.'
          : 'Create an account to keep your spot in the building.'
      }
      trigger={
        <button type="button" className="account__button" data-js-only>
          Sign In
        </button>
      }
    >
      <Suspense fallback={<LoadingState label="Loading..." />}>
        {mode === 'sign-in' ? (
          <SignInForm onDone={done} onSwitch={() => setMode('sign-up')} />
        ) : (
          <SignUpForm onDone={done} onSwitch={() => setMode('sign-in')} />
        )}
      </Suspense>
    </Dialog>
  )
}
