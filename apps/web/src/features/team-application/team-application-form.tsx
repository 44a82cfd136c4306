// The team application (docs/product/forms.md#team-application): submit is disabled until name,
// email and role are filled and while submitting ('Submitting...'); a failure keeps everything
// typed. A real form posted to the page it is on (ui/use-router-form.ts); without JavaScript the
// server writes it into the card (team-application-card.tsx).
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { useHydrated } from '../../lib/use-hydrated'
import { FormField } from '../../ui/form-field'
import { FormHoneypot } from '../../ui/form-honeypot'
import { FormNotice } from '../../ui/form-notice'
import { formIntentField, servedFields, useRouterForm } from '../../ui/use-router-form'
import { TEAM_APPLICATION_FORM } from './team-application-name'
import {
  teamApplicationSchema,
  teamRoles,
  type TeamApplicationValues,
} from './team-application-schema'

export function TeamApplicationForm({ onSubmitted }: { onSubmitted?(): void }) {
  const { honeypot, submit, notice, servedErrors, servedValue, formProps } =
    useRouterForm<TeamApplicationValues>({
      form: TEAM_APPLICATION_FORM,
      onDone: onSubmitted,
      success: {
        title: 'Application Submitted!',
        message: "Thank you for your interest in joining the team. We'll be in touch soon!",
      },
    })
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TeamApplicationValues>({
    resolver: zodResolver(teamApplicationSchema),
    defaultValues: {
      name: servedValue('name'),
      email: servedValue('email'),
      instagram: servedValue('instagram'),
      role: servedValue('role'),
      comments: servedValue('comments'),
    },
    errors: servedErrors,
  })
  const field = servedFields(register, servedValue)
  const values = useWatch({ control })
  const missing = !values.name?.trim() || !values.email?.trim() || !values.role
  // Only a live form can tell what is missing as it is typed: the server's copy stays enabled.
  const live = useHydrated()

  return (
    <form
      {...formProps}
      className="form"
      noValidate
      aria-label="Apply to join the team"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <input {...formIntentField(TEAM_APPLICATION_FORM)} />
      <p className="form__note">Fields marked * are required.</p>
      <FormNotice text={notice} />
      <FormField label="Name" required error={errors.name?.message}>
        {(aria) => <input {...aria} {...field('name')} autoComplete="name" />}
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        {(aria) => <input {...aria} {...field('email')} type="email" autoComplete="email" />}
      </FormField>
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
      <FormHoneypot inputRef={honeypot} />
      <button
        type="submit"
        className="btn btn--primary btn--large"
        disabled={isSubmitting || (live && missing)}
      >
        {isSubmitting ? 'Submitting...' : 'Submit Application'}
      </button>
    </form>
  )
}
