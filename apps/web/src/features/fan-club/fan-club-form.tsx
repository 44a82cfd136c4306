// The Home fan-club sign-up (docs/product/forms.md#fan-club): the form, then a thank-you card. A
// failure keeps what was typed and toasts 'There was an error joining the fan club.' Its rules
// (zod, about 36 KiB gzip, shared with every form) load when the fan first focuses the form, not
// with Home.
import { useEffect, useRef, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { FormField } from '../../ui/form-field'
import { FormHoneypot } from '../../ui/form-honeypot'
import { useFormSubmit } from '../../ui/use-form-submit'
import { joinFanClub } from './api/join-fan-club'
import type { FanClubValues } from './fan-club-schema'

const loadRules = () =>
  Promise.all([import('@hookform/resolvers/zod'), import('./fan-club-schema')]).then(
    ([{ zodResolver }, { fanClubSchema }]) => zodResolver(fanClubSchema),
  )

/** Checks the form by its schema, fetched the first time it is needed. */
const resolver: Resolver<FanClubValues> = async (values, context, options) =>
  (await loadRules())(values, context, options)

export function FanClubForm() {
  const [joined, setJoined] = useState(false)
  const thanks = useRef<HTMLDivElement>(null)
  const { honeypot, submit: onSubmit } = useFormSubmit<FanClubValues>({
    send: joinFanClub,
    onDone: () => setJoined(true),
    failure: 'There was an error joining the fan club.',
  })
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FanClubValues>({
    resolver,
    defaultValues: { name: '', email: '' },
  })

  // The form the fan was in disappears: move focus to what replaced it.
  useEffect(() => {
    if (joined) thanks.current?.focus()
  }, [joined])

  if (joined) {
    return (
      <div className="form-success fan-club__thanks" ref={thanks} tabIndex={-1} role="status">
        <p className="form-card__stamp">Welcome, tenant!</p>
        <h3>Thanks for joining the fan club!</h3>
        <p>Club news, early clips and first dibs on the cast Q&amp;A are on their way.</p>
      </div>
    )
  }

  return (
    <form
      className="form"
      noValidate
      aria-label="Join the fan club"
      onFocus={() => void loadRules()}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <p>Tenants only: club news, early clips and first dibs on the cast Q&amp;A.</p>
      <p className="form__note">All fields are required.</p>
      <FormField label="Name" required error={errors.name?.message}>
        {(aria) => <input {...aria} {...register('name')} autoComplete="name" />}
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        {(aria) => <input {...aria} {...register('email')} type="email" autoComplete="email" />}
      </FormField>
      <FormHoneypot inputRef={honeypot} />
      <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
        {isSubmitting ? 'Joining...' : 'Join the Fan Club'}
      </button>
    </form>
  )
}
