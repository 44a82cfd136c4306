// The team application as its route action handles it (lib/form-handler.ts).
import type { FormDefinition } from '../../lib/form-handler'
import { createTeamApplication } from './api/create-team-application'
import { teamApplicationSchema } from './team-application-schema'

export const teamApplicationForm: FormDefinition<typeof teamApplicationSchema> = {
  schema: teamApplicationSchema,
  send: createTeamApplication,
  failure: 'There was an error submitting your application. Please try again.',
}
