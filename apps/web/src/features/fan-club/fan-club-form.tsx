// The Home fan-club sign-up (the spec's form, then a thank-you card). A real form posted to Home
// (ui/use-router-form.ts): it works before the page is live and without JavaScript. A failure
// keeps what was typed and says 'There was an error joining the fan club.' Its rules (zod, about
// 36 KiB gzip, shared with every form) load when the fan first focuses the form, not with Home.
import { useEffect, useRef } from 'react'
import type { Resolver } from 'react-hook-form'
import { EmailField, NameField, SiteForm, useSiteForm } from '../../ui/site-form'
import type { FanClubValues } from './fan-club-schema'

const loadRules = () =>
  Promise.all([import('@hookform/resolvers/zod'), import('./fan-club-schema')]).then(
    ([{ zodResolver }, { fanClubSchema }]) => zodResolver(fanClubSchema),
  )

/** Checks the form by its schema, fetched the first time it is needed. */
const resolver: Resolver<FanClubValues> = async (values, context, options) =>
  (await loadRules())(values, context, options)

export function FanClubForm() {
  const thanks = useRef<HTMLDivElement>(null)
  const site = useSiteForm<FanClubValues>({ form: 'fan-club', resolver, fields: ['name', 'email'] })
  const joined = site.outcome?.status === 'ok'

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
    <SiteForm
      site={site}
      label="Join the fan club"
      onFocus={() => void loadRules()}
      intro={
        <>
          <p>Tenants only: club news, early clips and first dibs on the cast Q&amp;A.</p>
          <p className="form__note">All fields are required.</p>
        </>
      }
      submit="Join the Fan Club"
      sending="Joining..."
    >
      <NameField site={site} />
      <EmailField site={site} />
    </SiteForm>
  )
}
