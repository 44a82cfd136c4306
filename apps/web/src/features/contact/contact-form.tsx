// The Contact form (docs/product/forms.md#contact): name, email and a multi-line comment. On
// success the parent closes the dialog, which unmounts the form, so it is clear the next time it
// opens.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { FormField } from '../../ui/form-field'
import { FormHoneypot } from '../../ui/form-honeypot'
import { useFormSubmit } from '../../ui/use-form-submit'
import { sendContactMessage } from './api/send-contact-message'
import { contactSchema, type ContactValues } from './contact-schema'

export function ContactForm({ onSent }: { onSent(): void }) {
  const { honeypot, submit: onSubmit } = useFormSubmit<ContactValues>({
    send: sendContactMessage,
    onDone: onSent,
    success: { title: 'Message sent!', message: "Thanks for writing. We'll answer you by email." },
    failure: 'There was an error sending your message.',
  })
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', comment: '' },
  })

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <p className="form__note">All fields are required.</p>
      <FormField label="Name" required error={errors.name?.message}>
        {(aria) => <input {...aria} {...register('name')} autoComplete="name" />}
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        {(aria) => <input {...aria} {...register('email')} type="email" autoComplete="email" />}
      </FormField>
      <FormField label="Comment" required error={errors.comment?.message}>
        {(aria) => <textarea {...aria} {...register('comment')} rows={5} />}
      </FormField>
      <FormHoneypot inputRef={honeypot} />
      <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  )
}
