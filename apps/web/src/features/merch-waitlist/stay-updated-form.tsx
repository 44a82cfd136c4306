// The shop's 'Stay Updated' form. The spec's shop stores nothing; ours keeps the address in the
// insert-only merch_waitlist table and tells the fan it did. A real form posted to the shop
// (ui/use-router-form.ts): it works before the page is live and without JavaScript.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useRef } from 'react'
import { EmailField, SiteForm, useSiteForm } from '../../ui/site-form'
import { merchWaitlistSchema, type MerchWaitlistValues } from './merch-waitlist-schema'

export function StayUpdatedForm() {
  const id = useId()
  const thanks = useRef<HTMLDivElement>(null)
  const site = useSiteForm<MerchWaitlistValues>({
    form: 'merch-waitlist',
    resolver: zodResolver(merchWaitlistSchema),
    fields: ['email'],
  })
  const joined = site.outcome?.status === 'ok'

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
        <SiteForm
          site={site}
          labelledBy={`${id}-title`}
          intro={
            <p>New drops, restocks and the occasional past-due sale, straight to your inbox.</p>
          }
          submit="Notify Me"
          sending="Sending..."
        >
          <EmailField site={site} />
        </SiteForm>
      )}
    </section>
  )
}
