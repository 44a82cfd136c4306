// The team application (docs/product/forms.md#team-application): submit is disabled until name,
// email and role are filled and while submitting ('Submitting...'); a failure keeps everything
// typed.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { FormField } from '../../ui/form-field'
import { FormHoneypot } from '../../ui/form-honeypot'
import { useFormSubmit } from '../../ui/use-form-submit'
import { createTeamApplication } from './api/create-team-application'
import {
  teamApplicationSchema,
  teamRoles,
  type TeamApplicationValues,
} from './team-application-schema'

const empty: TeamApplicationValues = { name: '', email: '', instagram: '', role: '', comments: '' }

export function TeamApplicationForm({ onSubmitted }: { onSubmitted(): void }) {
  const { honeypot, submit: onSubmit } = useFormSubmit<TeamApplicationValues>({
    send: createTeamApplication,
    onDone: onSubmitted,
    success: {
      title: 'Application Submitted!',
      message: "Thank you for your interest in joining the team. We'll be in touch soon!",
    },
    failure: 'There was an error submitting your application. Please try again.',
  })
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TeamApplicationValues>({
    resolver: zodResolver(teamApplicationSchema),
    defaultValues: empty,
  })
  const values = useWatch({ control })
  const missing = !values.name?.trim() || !values.email?.trim() || !values.role

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <p className="form__note">Fields marked * are required.</p>
      <FormField label="Name" required error={errors.name?.message}>
        {(aria) => <input {...aria} {...register('name')} autoComplete="name" />}
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        {(aria) => <input {...aria} {...register('email')} type="email" autoComplete="email" />}
      </FormField>
      <FormField label="Instagram" error={errors.instagram?.message}>
        {(aria) => <input {...aria} {...register('instagram')} placeholder="@yourhandle" />}
      </FormField>
      <FormField label="Role" required error={errors.role?.message}>
        {(aria) => (
          <select {...aria} {...register('role')}>
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
        {(aria) => <textarea {...aria} {...register('comments')} rows={4} />}
      </FormField>
      <FormHoneypot inputRef={honeypot} />
      <button
        type="submit"
        className="btn btn--primary btn--large"
        disabled={isSubmitting || missing}
      >
        {isSubmitting ? 'Submitting...' : 'Submit Application'}
      </button>
    </form>
  )
}
