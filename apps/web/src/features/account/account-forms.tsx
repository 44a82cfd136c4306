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
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form'
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

/**
 * A sign-in or sign-up form's state: react-hook-form checked by `resolver`, and the failure that
 * `send` reports (null when it succeeded), cleared when the form is sent again.
 */
function useAccountForm<V extends FieldValues>(
  resolver: Resolver<V>,
  defaultValues: DefaultValues<V>,
  send: (data: V) => Promise<Failure | null>,
) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<V>({ resolver, defaultValues })
  const [failed, setFailed] = useState<Failure | null>(null)
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void handleSubmit(async (data: V) => {
      setFailed(null)
      setFailed(await send(data))
    })(event)
  return { register, errors, busy: isSubmitting, failed, onSubmit }
}

type AccountFormProps = {
  intent: string
  state: {
    busy: boolean
    failed: Failure | null
    onSubmit: (event: FormEvent<HTMLFormElement>) => void
  }
  /** The submit button's text, and its text while sending. */
  submit: string
  sending: string
  /** The fields. */
  children: ReactNode
  /** The line under the failure that switches to the other form. */
  switchTo: ReactNode
}

/** The form around the fields: its button, the failure under it, the switch to the other form. */
function AccountForm({ intent, state, submit, sending, children, switchTo }: AccountFormProps) {
  const postProps = usePostFormProps()
  return (
    <form {...postProps} className="form" noValidate onSubmit={state.onSubmit}>
      <input {...formIntentField(intent)} />
      {children}
      <button type="submit" className="btn btn--primary btn--large" disabled={state.busy}>
        {state.busy ? sending : submit}
      </button>
      <FailureNotice failure={state.failed} />
      <p className="form__switch">{switchTo}</p>
    </form>
  )
}

export function SignInForm({ onDone, onSwitch }: FormProps) {
  const form = useAccountForm<SignInValues>(
    zodResolver(signInSchema),
    { email: '', password: '' },
    async (data) => {
      const outcome = await signIn(data)
      if (!outcome.ok) return failure(outcome, 'Sign in failed', 'There was an error signing in.')
      toast.success('Signed in successfully!', 'Welcome back.')
      onDone()
      return null
    },
  )
  const { register, errors } = form
  return (
    <AccountForm
      intent="sign-in"
      state={form}
      submit="Sign In"
      sending="Signing In..."
      switchTo={
        <>
          No account yet?{' '}
          <button type="button" className="form__link" onClick={onSwitch}>
            Sign Up
          </button>
        </>
      }
    >
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
    </AccountForm>
  )
}

export function SignUpForm({ onDone, onSwitch }: FormProps) {
  const form = useAccountForm<SignUpValues>(
    zodResolver(signUpSchema),
    { username: '', email: '', password: '' },
    async (data) => {
      const outcome = await signUp(data)
      if (!outcome.ok) {
        return failure(outcome, 'Sign up failed', 'There was an error creating your account.')
      }
      toast.success(
        'Account created successfully!',
        outcome.signedIn ? SIGNED_UP_SIGNED_IN : SIGNED_UP_CHECK_EMAIL,
      )
      onDone()
      return null
    },
  )
  const { register, errors } = form
  return (
    <AccountForm
      intent="sign-up"
      state={form}
      submit="Create Account"
      sending="Creating Account..."
      switchTo={
        <button type="button" className="form__link" onClick={onSwitch}>
          Back to Sign In
        </button>
      }
    >
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
    </AccountForm>
  )
}
