import { insertFormRow, type SubmitOutcome } from '../../../lib/submit-insert'
import type { FanClubValues } from '../fan-club-schema'

export function joinFanClub(values: FanClubValues, submissionId: string): Promise<SubmitOutcome> {
  return insertFormRow('fan_club_signups', { ...values, submission_id: submissionId })
}
