// The sign-in / sign-up pair (docs/product/forms.md#sign-in-and-sign-up): one dialog whose body
// switches between the two forms via 'Sign Up' and 'Back to Sign In'. Success closes the dialog,
// which unmounts the form and so clears it; a failure keeps what was typed. They are sent by the
// live page through supabase-js (the session lives in this browser); they are still forms that
// post to their page, so a native submit could never put an address or a password in a URL, and
// the server's action answers such a post without reading it (app/form-action.ts).
//
// A failure shows inside the form, under its button, with the toast's own title and text: a toast
// at the bottom of a phone would lie over the sheet's fields and button (decision 362).
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { RATE_LIMITED_MESSAGE } from '../../lib/submit-insert'
import { FormField } from '../../ui/form-field'
import { toast } from '../../ui/toast'
import { formIntentField, usePostFormProps } from '../../ui/use-router-form'
import { signInSchema, signUpSchema, type SignInValues, type SignUpValues } from './account-schema'
import type { AuthOutcome } from './api/auth-outcome'
import { signIn } from './api/sign-in'
import { signUp } from './api/sign-up'

type FormProps = { onDone(): void; onSwitch(): void }

type Failure = { title: string; message: string }

function failure(outcome: AuthOutcome, title: string, fallback: string): Failure | null {
  if (outcome.ok) return null
  if (outcome.status === 429) return { title: 'Error', message: RATE_LIMITED_MESSAGE }
  return { title, message: outcome.message ?? fallback }
}

/** The form's failure, announced as it appears and brought into view in a scrolled sheet. */
function FailureNotice({ failure }: { failure: Failure | null }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (failure) ref.current?.scrollIntoView({ block: 'nearest' })
  }, [failure])
  return (
    <div ref={ref} role="alert" className="account-form__failure">
      {failure && (
        <p className="form__alert">
          <strong className="account-form__failure-title">{failure.title}</strong> {failure.message}
        </p>
      )}
    </div>
  )
}

/** The text after a sign-up: signed in at once without mail, else the spec's "check your email". */
const SIGNED_UP_SIGNED_IN = "You're signed in. Welcome to The Briggs Arms."
const SIGNED_UP_CHECK_EMAIL = 'Please check your email to verify your account.'

export function SignInForm({ onDone, onSwitch }: FormProps) {
  const postProps = usePostFormProps()
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  })
  const [failed, setFailed] = useState<Failure | null>(null)
  const onSubmit = async (data: SignInValues) => {
    setFailed(null)
    const outcome = await signIn(data)
    if (outcome.ok) {
      toast.success('Signed in successfully!', 'Welcome back.')
      onDone()
    } else setFailed(failure(outcome, 'Sign in failed', 'There was an error signing in.'))
  }
  return (
    <form
      {...postProps}
      className="form"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <input {...formIntentField('sign-in')} />
      <FormField label="Email" required error={errors.email?.message}>
        {(aria) => <input {...aria} {...register('email')} type="email" autoComplete="email" />}
      </FormField>
      <FormField label="Password" required error={errors.password?.message}>
        {(aria) => (
          <input
            {...aria}
            {...register('password')}
            type="password"
            autoComplete="current-password"
          />
        )}
      </FormField>
      <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </button>
      <FailureNotice failure={failed} />
      <p className="form__switch">
        No account yet?{' '}
        <button type="button" className="form__link" onClick={onSwitch}>
          Sign Up
        </button>
      </p>
    </form>
  )
}

export function SignUpForm({ onDone, onSwitch }: FormProps) {
  const postProps = usePostFormProps()
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { username: '', email: '', password: '' },
  })
  const [failed, setFailed] = useState<Failure | null>(null)
  const onSubmit = async (data: SignUpValues) => {
    setFailed(null)
    const outcome = await signUp(data)
    if (outcome.ok) {
      toast.success(
        'Account created successfully!',
        outcome.signedIn ? SIGNED_UP_SIGNED_IN : SIGNED_UP_CHECK_EMAIL,
      )
      onDone()
    } else {
      setFailed(failure(outcome, 'Sign up failed', 'There was an error creating your account.'))
    }
  }
  return (
    <form
      {...postProps}
      className="form"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <input {...formIntentField('sign-up')} />
      <FormField label="Username" required error={errors.username?.message}>
        {(aria) => <input {...aria} {...register('username')} autoComplete="username" />}
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        {(aria) => <input {...aria} {...register('email')} type="email" autoComplete="email" />}
      </FormField>
      <FormField
        label="Password"
        required
        hint="8 to 72 characters, hard to guess: a few uncommon words work well."
        error={errors.password?.message}
      >
        {(aria) => (
          <input {...aria} {...register('password')} type="password" autoComplete="new-password" />
        )}
      </FormField>
      <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </button>
      <FailureNotice failure={failed} />
      <p className="form__switch">
        <button type="button" className="form__link" onClick={onSwitch}>
          Back to Sign In
        </button>
      </p>
    </form>
  )
}
