// The contact form as its route action handles it (lib/form-handler.ts).
import type { FormDefinition } from '../../lib/form-handler'
import { sendContactMessage } from './api/send-contact-message'
import { contactSchema } from './contact-schema'

export const contactForm: FormDefinition<typeof contactSchema> = {
  schema: contactSchema,
  send: sendContactMessage,
  failure: 'There was an error sending your message.',
}
