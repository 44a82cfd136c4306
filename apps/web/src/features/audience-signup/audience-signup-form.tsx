// The Q&A signup form inside AudienceSignupDialog, a chunk of its own: react-hook-form and zod
// load when the dialog first opens, not with /news or Home. A failure keeps what was typed; the
// dialog unmounts the form on close, which clears it.
import { zodResolver } from '@hookform/resolvers/zod'
import { useRef } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { RATE_LIMITED_MESSAGE } from '../../lib/submit-insert'
import { useSubmissionId } from '../../lib/submit-submission-id'
import { FormField } from '../../ui/form-field'
import { caughtByHoneypot, FormHoneypot } from '../../ui/form-honeypot'
import { toast } from '../../ui/toast'
import { createAudienceSignup } from './api/create-audience-signup'
import { audienceSignupSchema, type AudienceSignupValues } from './audience-signup-schema'

const empty: AudienceSignupValues = { name: '', username: '', email: '' }

export function AudienceSignupForm({ onDone }: { onDone(): void }) {
  const submission = useSubmissionId()
  const honeypot = useRef<HTMLInputElement>(null)
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AudienceSignupValues>({
    resolver: zodResolver(audienceSignupSchema),
    defaultValues: empty,
  })
  const values = useWatch({ control })
  const anyEmpty = !values.name?.trim() || !values.username?.trim() || !values.email?.trim()

  const onSubmit = async (data: AudienceSignupValues) => {
    if (caughtByHoneypot(honeypot)) {
      onDone()
      return
    }
    const outcome = await createAudienceSignup(data, submission.forValues(data))
    if (outcome === 'ok') {
      submission.succeeded()
      onDone()
      toast.success(
        'Successfully signed up!',
        "You're registered for the Virtual Meet the Cast Q&A. We'll send you details soon!",
      )
      return
    }
    toast.error(
      outcome === 'rate-limited'
        ? RATE_LIMITED_MESSAGE
        : 'Failed to submit your signup. Please try again.',
    )
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <p className="form__note">All fields are required.</p>
      <FormField label="Name" required error={errors.name?.message}>
        {(aria) => (
          <input {...aria} {...register('name')} placeholder="Your name" autoComplete="name" />
        )}
      </FormField>
      <FormField label="Username" required error={errors.username?.message}>
        {(aria) => (
          <input
            {...aria}
            {...register('username')}
            placeholder="Username"
            autoComplete="username"
          />
        )}
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        {(aria) => (
          <input
            {...aria}
            {...register('email')}
            type="email"
            placeholder="Email address"
            autoComplete="email"
          />
        )}
      </FormField>
      <FormHoneypot inputRef={honeypot} />
      <button
        type="submit"
        className="btn btn--primary btn--large"
        disabled={isSubmitting || anyEmpty}
      >
        {isSubmitting ? 'Signing Up...' : 'Sign Up for Q&A'}
      </button>
    </form>
  )
}
