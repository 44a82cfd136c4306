// The sign-in / sign-up pair (docs/product/forms.md#sign-in-and-sign-up): one dialog whose body
// switches between the two forms via 'Sign Up' and 'Back to Sign In'. Success closes the dialog,
// which unmounts the form and so clears it; a failure keeps what was typed. They are sent by the
// live page through supabase-js (the session lives in this browser); they are still forms that
// post to their page, so a native submit could never put an address or a password in a URL, and
// the server's action answers such a post without reading it (app/form-action.ts).
import { zodResolver } from '@hookform/resolvers/zod'
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

function failed(outcome: AuthOutcome, title: string, fallback: string) {
  if (outcome.ok) return
  if (outcome.status === 429) toast.error(RATE_LIMITED_MESSAGE)
  else toast.error(outcome.message ?? fallback, title)
}

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
  const onSubmit = async (data: SignInValues) => {
    const outcome = await signIn(data)
    if (outcome.ok) {
      toast.success('Signed in successfully!', 'Welcome back.')
      onDone()
    } else failed(outcome, 'Sign in failed', 'There was an error signing in.')
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
  const onSubmit = async (data: SignUpValues) => {
    const outcome = await signUp(data)
    if (outcome.ok) {
      toast.success(
        'Account created successfully!',
        'Please check your email to verify your account.',
      )
      onDone()
    } else failed(outcome, 'Sign up failed', 'There was an error creating your account.')
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
      <p className="form__switch">
        <button type="button" className="form__link" onClick={onSwitch}>
          Back to Sign In
        </button>
      </p>
    </form>
  )
}
