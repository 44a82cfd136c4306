// The fan-club form as its route action handles it (lib/form-handler.ts).
import type { FormDefinition } from '../../lib/form-handler'
import { joinFanClub } from './api/join-fan-club'
import { fanClubSchema } from './fan-club-schema'

export const fanClubForm: FormDefinition<typeof fanClubSchema> = {
  schema: fanClubSchema,
  send: joinFanClub,
  failure: 'There was an error joining the fan club.',
}
