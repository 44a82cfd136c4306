import { z } from 'zod'
import { emailAddress, personName } from '../../lib/submit-rules'

/** Mirrors contact_submissions: name, email, comment (1–5000 after trimming, may span lines). */
export const contactSchema = z.object({
  name: personName,
  email: emailAddress,
  comment: z
    .string()
    .trim()
    .min(1, 'Please enter your message.')
    .max(5000, 'Your message must be at most 5000 characters.'),
})

export type ContactValues = z.infer<typeof contactSchema>
