import { z } from 'zod'
import { emailAddress, personName, requiredLine } from '../../lib/submit-rules'

/** Mirrors audience_signups: name (person_name), username (1–50, one line), email. */
export const audienceSignupSchema = z.object({
  name: personName,
  username: requiredLine('username', 50),
  email: emailAddress,
})

export type AudienceSignupValues = z.infer<typeof audienceSignupSchema>
