// The 'Virtual Meet the Cast Q&A' signup (SPEC §2, §4, §8): form → "You're all set!". A failure
// keeps the form and what was typed; closing the dialog clears it and returns to the form.
import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, useState, type ReactElement } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { RATE_LIMITED_MESSAGE } from '../../lib/submit-insert'
import { useSubmissionId } from '../../lib/submit-submission-id'
import { Dialog } from '../../ui/dialog'
import { FormField } from '../../ui/form-field'
import { caughtByHoneypot, FormHoneypot } from '../../ui/form-honeypot'
import { toast } from '../../ui/toast'
import { createAudienceSignup } from './api/create-audience-signup'
import { audienceSignupSchema, type AudienceSignupValues } from './audience-signup-schema'

const empty: AudienceSignupValues = { name: '', username: '', email: '' }

export function AudienceSignupDialog({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(false)
  const [done, setDone] = useState(false)
  const submission = useSubmissionId()
  const honeypot = useRef<HTMLInputElement>(null)
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AudienceSignupValues>({
    resolver: zodResolver(audienceSignupSchema),
    defaultValues: empty,
  })
  const values = useWatch({ control })
  const anyEmpty = !values.name?.trim() || !values.username?.trim() || !values.email?.trim()

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      reset(empty)
      setDone(false)
    }
  }

  const onSubmit = async (data: AudienceSignupValues) => {
    if (caughtByHoneypot(honeypot)) {
      setDone(true)
      return
    }
    const outcome = await createAudienceSignup(data, submission.forValues(data))
    if (outcome === 'ok') {
      submission.succeeded()
      setDone(true)
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
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      title="Virtual Meet the Cast Q&A"
      description="Sign up for our virtual meet and greet with the cast!"
    >
      {done ? (
        <div className="form-success" role="status">
          <p className="form-success__emoji" aria-hidden="true">
            🎉
          </p>
          <h3>You&apos;re all set!</h3>
          <p>We&apos;ll send you the meeting details via email soon!</p>
        </div>
      ) : (
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
      )}
    </Dialog>
  )
}
