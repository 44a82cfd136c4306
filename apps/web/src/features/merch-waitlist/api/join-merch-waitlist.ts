import { insertFormRow, type SubmitOutcome } from '../../../lib/submit-insert'
import type { MerchWaitlistValues } from '../merch-waitlist-schema'

export function joinMerchWaitlist(
  values: MerchWaitlistValues,
  submissionId: string,
): Promise<SubmitOutcome> {
  return insertFormRow('merch_waitlist', { ...values, submission_id: submissionId })
}
