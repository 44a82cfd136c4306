import { insertFormRow, type SubmitOutcome } from '../../../lib/submit-insert'
import type { ContactValues } from '../contact-schema'

export function sendContactMessage(
  values: ContactValues,
  submissionId: string,
): Promise<SubmitOutcome> {
  return insertFormRow('contact_submissions', { ...values, submission_id: submissionId })
}
