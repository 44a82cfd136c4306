import { z } from 'zod'
import { emailAddress } from '../../lib/submit-rules'

/** Mirrors merch_waitlist: email (email_address). */
export const merchWaitlistSchema = z.object({ email: emailAddress })

export type MerchWaitlistValues = z.infer<typeof merchWaitlistSchema>
