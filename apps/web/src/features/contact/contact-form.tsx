// The Contact form: name, email and a multi-line comment. A real form posted to the page it is on
// (ui/use-router-form.ts). In the dialog, success closes the dialog, which unmounts the form, so
// it is clear the next time it opens; without JavaScript the footer shows it inline
// (contact-no-script.tsx).
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { FormField } from '../../ui/form-field'
import { FormHoneypot } from '../../ui/form-honeypot'
import { FormNotice } from '../../ui/form-notice'
import { formIntentField, servedFields, useRouterForm } from '../../ui/use-router-form'
import { contactSchema, type ContactValues } from './contact-schema'

export const CONTACT_FORM = 'contact'

export function ContactForm({ onSent }: { onSent?(): void }) {
  const { honeypot, submit, notice, servedErrors, servedValue, formProps } =
    useRouterForm<ContactValues>({
      form: CONTACT_FORM,
      onDone: onSent,
      success: {
        title: 'Message sent!',
        message: "Thanks for writing. We'll answer you by email.",
      },
    })
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: {
      name: servedValue('name'),
      email: servedValue('email'),
      comment: servedValue('comment'),
    },
    errors: servedErrors,
  })
  const field = servedFields(register, servedValue)

  return (
    <form
      {...formProps}
      className="form"
      noValidate
      aria-label="Contact the team"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <input {...formIntentField(CONTACT_FORM)} />
      <p className="form__note">All fields are required.</p>
      <FormNotice text={notice} />
      <FormField label="Name" required error={errors.name?.message}>
        {(aria) => <input {...aria} {...field('name')} autoComplete="name" />}
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        {(aria) => <input {...aria} {...field('email')} type="email" autoComplete="email" />}
      </FormField>
      <FormField label="Comment" required error={errors.comment?.message}>
        {(aria) => <textarea {...aria} {...field('comment')} rows={5} />}
      </FormField>
      <FormHoneypot inputRef={honeypot} />
      <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  )
}
