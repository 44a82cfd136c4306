import { z } from 'zod'
import { emailAddress, personName } from '../../lib/submit-rules'

/** Mirrors fan_club_signups: name (person_name), email (email_address). */
export const fanClubSchema = z.object({ name: personName, email: emailAddress })

export type FanClubValues = z.infer<typeof fanClubSchema>
