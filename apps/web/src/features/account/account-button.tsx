// The header's account corner: 'Sign In' (opening the sign-in / sign-up dialog) or, signed in, one
// compact button whose menu holds who is signed in and 'Sign Out' (account-menu.tsx). The forms
// load with the dialog, the menu with the first signed-in render; supabase-js only when needed.
import { lazy, Suspense, useEffect, useState } from 'react'
import './account-button.css'
import { Dialog } from '../../ui/dialog'
import { LoadingState } from '../../ui/loading-state'
import { AccountFace } from './account-face'
import { hasStoredSession, useAccountUser, watchAccount } from './account-store'

const SignInForm = lazy(() => import('./account-forms').then((m) => ({ default: m.SignInForm })))
const AccountMenu = lazy(() => import('./account-menu'))
const SignUpForm = lazy(() => import('./account-forms').then((m) => ({ default: m.SignUpForm })))

export function AccountButton() {
  const user = useAccountUser()
  const [open, setOpen] = useState(false)
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in')

  useEffect(() => {
    if (!hasStoredSession()) return
    void watchAccount()
    void import('./account-menu')
  }, [])

  if (user) {
    return (
      <div className="account">
        <Suspense
          fallback={
            // The menu's button as it will be, until its code is here (a moment, once).
            <button
              type="button"
              className="account__button account__trigger"
              aria-haspopup="menu"
              aria-expanded="false"
              disabled
            >
              <AccountFace user={user} />
            </button>
          }
        >
          <AccountMenu user={user} />
        </Suspense>
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
