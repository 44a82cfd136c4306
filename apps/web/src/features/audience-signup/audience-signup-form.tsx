// The Q&A signup form inside AudienceSignupDialog, a chunk of its own: react-hook-form and zod
// load when the dialog first opens, not with /news or Home. A failure keeps what was typed; the
// dialog unmounts the form on close, which clears it.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { FormField } from '../../ui/form-field'
import { FormHoneypot } from '../../ui/form-honeypot'
import { useFormSubmit } from '../../ui/use-form-submit'
import { createAudienceSignup } from './api/create-audience-signup'
import { audienceSignupSchema, type AudienceSignupValues } from './audience-signup-schema'

const empty: AudienceSignupValues = { name: '', username: '', email: '' }

export function AudienceSignupForm({ onDone }: { onDone(): void }) {
  const { honeypot, submit: onSubmit } = useFormSubmit<AudienceSignupValues>({
    send: createAudienceSignup,
    onDone,
    success: {
      title: 'Successfully signed up!',
      message: "You're registered for the Virtual Meet the Cast Q&A. We'll send you details soon!",
    },
    failure: 'Failed to submit your signup. Please try again.',
  })
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
