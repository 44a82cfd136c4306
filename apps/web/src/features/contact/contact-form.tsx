// The Contact form: name, email and a multi-line comment. A real form posted to the page it is on
// (ui/use-router-form.ts). In the dialog, success closes the dialog, which unmounts the form, so
// it is clear the next time it opens; without JavaScript the footer shows it inline
// (contact-no-script.tsx).
import { zodResolver } from '@hookform/resolvers/zod'
import { FormField } from '../../ui/form-field'
import { EmailField, NameField, SiteForm, useSiteForm } from '../../ui/site-form'
import { contactSchema, type ContactValues } from './contact-schema'

export const CONTACT_FORM = 'contact'

export function ContactForm({ onSent }: { onSent?(): void }) {
  const site = useSiteForm<ContactValues>({
    form: CONTACT_FORM,
    onDone: onSent,
    success: {
      title: 'Message sent!',
      message: "Thanks for writing. We'll answer you by email.",
    },
    resolver: zodResolver(contactSchema),
    fields: ['name', 'email', 'comment'],
  })

  return (
    <SiteForm
      site={site}
      label="Contact the team"
      intro={<p className="form__note">All fields are required.</p>}
      submit="Send Message"
      sending="Sending..."
      large
    >
      <NameField site={site} />
      <EmailField site={site} />
      <FormField label="Comment" required error={site.errors.comment?.message}>
        {(aria) => <textarea {...aria} {...site.field('comment')} rows={5} />}
      </FormField>
    </SiteForm>
  )
}
