import { insertFormRow, type SubmitOutcome, type TableClient } from '../../../lib/submit-insert'
import type { FanClubValues } from '../fan-club-schema'

export function joinFanClub(
  values: FanClubValues,
  submissionId: string,
  client?: TableClient,
): Promise<SubmitOutcome> {
  return insertFormRow('fan_club_signups', { ...values, submission_id: submissionId }, client)
}
