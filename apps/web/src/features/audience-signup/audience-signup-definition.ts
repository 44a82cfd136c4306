// The Q&A signup form as its route action handles it (lib/form-handler.ts).
import type { FormDefinition } from '../../lib/form-handler'
import { createAudienceSignup } from './api/create-audience-signup'
import { audienceSignupSchema } from './audience-signup-schema'

export const audienceSignupForm: FormDefinition<typeof audienceSignupSchema> = {
  schema: audienceSignupSchema,
  send: createAudienceSignup,
  failure: 'Failed to submit your signup. Please try again.',
}
