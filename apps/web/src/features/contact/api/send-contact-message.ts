import { insertFormRow, type SubmitOutcome, type TableClient } from '../../../lib/submit-insert'
import type { ContactValues } from '../contact-schema'

export function sendContactMessage(
  values: ContactValues,
  submissionId: string,
  client?: TableClient,
): Promise<SubmitOutcome> {
  return insertFormRow('contact_submissions', { ...values, submission_id: submissionId }, client)
}
