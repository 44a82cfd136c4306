import { insertFormRow, type SubmitOutcome, type TableClient } from '../../../lib/submit-insert'
import { orNull } from '../../../lib/submit-rules'
import type { TeamApplicationValues } from '../team-application-schema'

/**
 * Empty optional fields go as null (docs/product/forms.md#team-application); the database refuses a
 * blank string.
 */
export function createTeamApplication(
  values: TeamApplicationValues,
  submissionId: string,
  client?: TableClient,
): Promise<SubmitOutcome> {
  return insertFormRow(
    'team_applications',
    {
      name: values.name,
      email: values.email,
      instagram: orNull(values.instagram),
      role: values.role,
      comments: orNull(values.comments),
      submission_id: submissionId,
    },
    client,
  )
}
