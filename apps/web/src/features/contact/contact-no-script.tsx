// The contact form for a browser without JavaScript, where the footer's Contact dialog cannot
// open: the server writes it into the footer inside <noscript> (a live page never renders it).
// After it was posted, the page comes back with the outcome: the thanks, or the form again.
import { useId } from 'react'
import { useServedOutcome } from '../../ui/use-router-form'
import { CONTACT_FORM, ContactForm } from './contact-form'

export function ContactNoScript() {
  const id = useId()
  const served = useServedOutcome(CONTACT_FORM)
  return (
    <section className="footer-contact" aria-labelledby={id}>
      <h2 id={id} className="footer-contact__title">
        Contact Us
      </h2>
      {served?.status === 'ok' ? (
        <div className="form-success" role="status">
          <h3>Message sent!</h3>
          <p>Thanks for writing. We&apos;ll answer you by email.</p>
        </div>
      ) : (
        <ContactForm />
      )}
    </section>
  )
}
