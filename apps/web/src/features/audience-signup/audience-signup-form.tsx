// The Q&A signup form, a chunk of its own: react-hook-form and zod load when the dialog first
// opens, not with /news or Home (without JavaScript the server writes it into the card instead,
// audience-signup-no-script.tsx). A real form posted to the page it is on
// (ui/use-router-form.ts). A failure keeps what was typed; the dialog unmounts the form on close,
// which clears it.
import { zodResolver } from '@hookform/resolvers/zod'
import { useWatch } from 'react-hook-form'
import { useHydrated } from '../../lib/use-hydrated'
import { FormField } from '../../ui/form-field'
import { EmailField, NameField, SiteForm, useSiteForm } from '../../ui/site-form'
import { audienceSignupSchema, type AudienceSignupValues } from './audience-signup-schema'

export const AUDIENCE_SIGNUP_FORM = 'audience-signup'

export function AudienceSignupForm({ onDone }: { onDone?(): void }) {
  const site = useSiteForm<AudienceSignupValues>({
    form: AUDIENCE_SIGNUP_FORM,
    onDone,
    success: {
      title: 'Successfully signed up!',
      message: "You're registered for the Virtual Meet the Cast Q&A. We'll send you details soon!",
    },
    resolver: zodResolver(audienceSignupSchema),
    fields: ['name', 'username', 'email'],
  })
  const values = useWatch({ control: site.control })
  const anyEmpty = !values.name?.trim() || !values.username?.trim() || !values.email?.trim()
  // Only a live form can tell that a field is empty as it is typed: the server's copy stays
  // enabled, and the action refuses what is missing.
  const live = useHydrated()

  return (
    <SiteForm
      site={site}
      label="Sign up for the Q&A"
      intro={<p className="form__note">All fields are required.</p>}
      submit="Sign Up for Q&A"
      sending="Signing Up..."
      large
      disabled={live && anyEmpty}
    >
      <NameField site={site} placeholder="Your name" />
      <FormField label="Username" required error={site.errors.username?.message}>
        {(aria) => (
          <input
            {...aria}
            {...site.field('username')}
            placeholder="Username"
            autoComplete="username"
          />
        )}
      </FormField>
      <EmailField site={site} placeholder="Email address" />
    </SiteForm>
  )
}
