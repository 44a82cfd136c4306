import { insertFormRow, type SubmitOutcome } from '../../../lib/submit-insert'
import type { AudienceSignupValues } from '../audience-signup-schema'

export function createAudienceSignup(
  values: AudienceSignupValues,
  submissionId: string,
): Promise<SubmitOutcome> {
  return insertFormRow('audience_signups', { ...values, submission_id: submissionId })
}
