import { insertFormRow, type SubmitOutcome, type TableClient } from '../../../lib/submit-insert'
import type { MerchWaitlistValues } from '../merch-waitlist-schema'

export function joinMerchWaitlist(
  values: MerchWaitlistValues,
  submissionId: string,
  client?: TableClient,
): Promise<SubmitOutcome> {
  return insertFormRow('merch_waitlist', { ...values, submission_id: submissionId }, client)
}
