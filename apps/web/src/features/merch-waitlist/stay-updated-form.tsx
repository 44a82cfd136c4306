// The shop's 'Stay Updated' form. The first brief's shop stored nothing; ours keeps the address in
// the insert-only merch_waitlist table and tells the fan it did.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { FormField } from '../../ui/form-field'
import { FormHoneypot } from '../../ui/form-honeypot'
import { useFormSubmit } from '../../ui/use-form-submit'
import { joinMerchWaitlist } from './api/join-merch-waitlist'
import { merchWaitlistSchema, type MerchWaitlistValues } from './merch-waitlist-schema'

/** The site's own failure text, in its voice (docs/product/errors.md#error-messages). */
export const MERCH_WAITLIST_ERROR = 'There was an error joining the waitlist. Please try again.'

export function StayUpdatedForm() {
  const id = useId()
  const [joined, setJoined] = useState(false)
  const thanks = useRef<HTMLDivElement>(null)
  const { honeypot, submit: onSubmit } = useFormSubmit<MerchWaitlistValues>({
    send: joinMerchWaitlist,
    onDone: () => setJoined(true),
    failure: MERCH_WAITLIST_ERROR,
  })
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<MerchWaitlistValues>({
    resolver: zodResolver(merchWaitlistSchema),
    defaultValues: { email: '' },
  })

  useEffect(() => {
    if (joined) thanks.current?.focus()
  }, [joined])

  return (
    <section className="form-card notice stay-updated" aria-labelledby={`${id}-title`}>
      <span className="notice__tape" aria-hidden="true" />
      <h2 id={`${id}-title`} className="form-card__title">
        Stay Updated
      </h2>
      {joined ? (
        <div className="form-success" ref={thanks} tabIndex={-1} role="status">
          <p className="form-card__stamp">On the list</p>
          <p>You&apos;re on the merch list. We&apos;ll email you when new drops land.</p>
        </div>
      ) : (
        <form
          className="form"
          noValidate
          aria-labelledby={`${id}-title`}
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        >
          <p>New drops, restocks and the occasional past-due sale, straight to your inbox.</p>
          <FormField label="Email" required error={errors.email?.message}>
            {(aria) => <input {...aria} {...register('email')} type="email" autoComplete="email" />}
          </FormField>
          <FormHoneypot inputRef={honeypot} />
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Notify Me'}
          </button>
        </form>
      )}
    </section>
  )
}
