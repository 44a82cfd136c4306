// The Q&A signup form, a chunk of its own: react-hook-form and zod load when the dialog first
// opens, not with /news or Home (without JavaScript the server writes it into the card instead,
// audience-signup-no-script.tsx). A real form posted to the page it is on
// (ui/use-router-form.ts). A failure keeps what was typed; the dialog unmounts the form on close,
// which clears it.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { useHydrated } from '../../lib/use-hydrated'
import { FormField } from '../../ui/form-field'
import { FormHoneypot } from '../../ui/form-honeypot'
import { FormNotice } from '../../ui/form-notice'
import { formIntentField, servedFields, useRouterForm } from '../../ui/use-router-form'
import { audienceSignupSchema, type AudienceSignupValues } from './audience-signup-schema'

export const AUDIENCE_SIGNUP_FORM = 'audience-signup'

export function AudienceSignupForm({ onDone }: { onDone?(): void }) {
  const { honeypot, submit, notice, servedErrors, servedValue, formProps } =
    useRouterForm<AudienceSignupValues>({
      form: AUDIENCE_SIGNUP_FORM,
      onDone,
      success: {
        title: 'Successfully signed up!',
        message:
          "You're registered for the Virtual Meet the Cast Q&A. We'll send you details soon!",
      },
    })
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AudienceSignupValues>({
    resolver: zodResolver(audienceSignupSchema),
    defaultValues: {
      name: servedValue('name'),
      username: servedValue('username'),
      email: servedValue('email'),
    },
    errors: servedErrors,
  })
  const field = servedFields(register, servedValue)
  const values = useWatch({ control })
  const anyEmpty = !values.name?.trim() || !values.username?.trim() || !values.email?.trim()
  // Only a live form can tell that a field is empty as it is typed: the server's copy stays
  // enabled, and the action refuses what is missing.
  const live = useHydrated()

  return (
    <form
      {...formProps}
      className="form"
      noValidate
      aria-label="Sign up for the Q&A"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <input {...formIntentField(AUDIENCE_SIGNUP_FORM)} />
      <p className="form__note">All fields are required.</p>
      <FormNotice text={notice} />
      <FormField label="Name" required error={errors.name?.message}>
        {(aria) => (
          <input {...aria} {...field('name')} placeholder="Your name" autoComplete="name" />
        )}
      </FormField>
      <FormField label="Username" required error={errors.username?.message}>
        {(aria) => (
          <input {...aria} {...field('username')} placeholder="Username" autoComplete="username" />
        )}
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        {(aria) => (
          <input
            {...aria}
            {...field('email')}
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
        disabled={isSubmitting || (live && anyEmpty)}
      >
        {isSubmitting ? 'Signing Up...' : 'Sign Up for Q&A'}
      </button>
    </form>
  )
}
