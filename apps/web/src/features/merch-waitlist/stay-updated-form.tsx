// The shop's 'Stay Updated' form. The spec's shop stores nothing; ours keeps the address in the
// insert-only merch_waitlist table and tells the fan it did. A real form posted to the shop
// (ui/use-router-form.ts): it works before the page is live and without JavaScript.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { FormField } from '../../ui/form-field'
import { FormHoneypot } from '../../ui/form-honeypot'
import { FormNotice } from '../../ui/form-notice'
import { formIntentField, servedFields, useRouterForm } from '../../ui/use-router-form'
import { merchWaitlistSchema, type MerchWaitlistValues } from './merch-waitlist-schema'

export function StayUpdatedForm() {
  const id = useId()
  const thanks = useRef<HTMLDivElement>(null)
  const { honeypot, submit, outcome, notice, servedErrors, servedValue, formProps } =
    useRouterForm<MerchWaitlistValues>({ form: 'merch-waitlist' })
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<MerchWaitlistValues>({
    resolver: zodResolver(merchWaitlistSchema),
    defaultValues: { email: servedValue('email') },
    errors: servedErrors,
  })
  const field = servedFields(register, servedValue)
  const joined = outcome?.status === 'ok'

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
          {...formProps}
          className="form"
          noValidate
          aria-labelledby={`${id}-title`}
          onSubmit={(event) => void handleSubmit(submit)(event)}
        >
          <input {...formIntentField('merch-waitlist')} />
          <p>New drops, restocks and the occasional past-due sale, straight to your inbox.</p>
          <FormNotice text={notice} />
          <FormField label="Email" required error={errors.email?.message}>
            {(aria) => <input {...aria} {...field('email')} type="email" autoComplete="email" />}
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
