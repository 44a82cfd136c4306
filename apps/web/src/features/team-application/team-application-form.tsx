// The team application (docs/product/forms.md#team-application): submit is disabled until name,
// email and role are filled and while submitting ('Submitting...'); a failure keeps everything
// typed. A real form posted to the page it is on (ui/use-router-form.ts); without JavaScript the
// server writes it into the card (team-application-card.tsx).
import { zodResolver } from '@hookform/resolvers/zod'
import { useWatch } from 'react-hook-form'
import { useHydrated } from '../../lib/use-hydrated'
import { FormField } from '../../ui/form-field'
import { EmailField, NameField, SiteForm, useSiteForm } from '../../ui/site-form'
import { TEAM_APPLICATION_FORM } from './team-application-name'
import {
  teamApplicationSchema,
  teamRoles,
  type TeamApplicationValues,
} from './team-application-schema'

export function TeamApplicationForm({ onSubmitted }: { onSubmitted?(): void }) {
  const site = useSiteForm<TeamApplicationValues>({
    form: TEAM_APPLICATION_FORM,
    onDone: onSubmitted,
    success: {
      title: 'Application Submitted!',
      message: "Thank you for your interest in joining the team. We'll be in touch soon!",
    },
    resolver: zodResolver(teamApplicationSchema),
    fields: ['name', 'email', 'instagram', 'role', 'comments'],
  })
  const { errors, field } = site
  const values = useWatch({ control: site.control })
  const missing = !values.name?.trim() || !values.email?.trim() || !values.role
  // Only a live form can tell what is missing as it is typed: the server's copy stays enabled.
  const live = useHydrated()

  return (
    <SiteForm
      site={site}
      label="Apply to join the team"
      intro={<p className="form__note">Fields marked * are required.</p>}
      submit="Submit Application"
      sending="Submitting..."
      large
      disabled={live && missing}
    >
      <NameField site={site} />
      <EmailField site={site} />
      <FormField label="Instagram" error={errors.instagram?.message}>
        {(aria) => <input {...aria} {...field('instagram')} placeholder="@yourhandle" />}
      </FormField>
      <FormField label="Role" required error={errors.role?.message}>
        {(aria) => (
          <select {...aria} {...field('role')}>
            <option value="">Choose a role</option>
            {teamRoles.map((role) => (
              <option key={role.value} value={role.value}>
                {role.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Comments" error={errors.comments?.message}>
        {(aria) => <textarea {...aria} {...field('comments')} rows={4} />}
      </FormField>
    </SiteForm>
  )
}
