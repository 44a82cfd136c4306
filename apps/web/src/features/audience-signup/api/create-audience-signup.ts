import { insertFormRow, type SubmitOutcome, type TableClient } from '../../../lib/submit-insert'
import type { AudienceSignupValues } from '../audience-signup-schema'

export function createAudienceSignup(
  values: AudienceSignupValues,
  submissionId: string,
  client?: TableClient,
): Promise<SubmitOutcome> {
  return insertFormRow('audience_signups', { ...values, submission_id: submissionId }, client)
}
