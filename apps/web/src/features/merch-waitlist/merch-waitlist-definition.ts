// The shop's 'Stay Updated' form as its route action handles it (lib/form-handler.ts).
import type { FormDefinition } from '../../lib/form-handler'
import { joinMerchWaitlist } from './api/join-merch-waitlist'
import { merchWaitlistSchema } from './merch-waitlist-schema'

export const merchWaitlistForm: FormDefinition<typeof merchWaitlistSchema> = {
  schema: merchWaitlistSchema,
  send: joinMerchWaitlist,
  /** The spec has no text for this failure (its shop stores nothing): ours, in its voice. */
  failure: 'There was an error joining the waitlist. Please try again.',
}
