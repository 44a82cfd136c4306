// /admin/giveaway: this month's perfect quiz scores (one per e-mail, at most 3 per connection),
// the draw (confirmed first; a second one in the month asks why), exclusions with a reason, and
// the append-only log of all of them. The database draws at random and keeps the record.
import { settle, type ReadResult } from '../../../lib/read-result'
import { toast } from '../../../ui/toast'
import { adminAction, adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import {
  drawWinner,
  excludeEntry,
  listCandidates,
  listDraws,
  listExclusions,
  NoCandidatesError,
  type Candidate,
  type Draw,
  type Exclusion,
} from './api/giveaway'
import { CandidatesTable } from './candidates-table'
import { DrawLog } from './draw-log'
import { DrawPanel, GIVEAWAY_MONTH } from './draw-panel'

export type GiveawayData = {
  candidates: ReadResult<Candidate[]>
  draws: ReadResult<Draw[]>
  exclusions: ReadResult<Exclusion[]>
}

export const loader = adminLoader(async (): Promise<GiveawayData> => ({
  candidates: await settle('the candidates', listCandidates),
  draws: await settle('the draws', listDraws),
  exclusions: await settle('the exclusions', listExclusions),
}))

export const action = adminAction({
  async draw(payload) {
    try {
      const winner = await drawWinner(String(payload.reason ?? ''))
      toast.success('Winner drawn', `${winner.winner_name} (${winner.winner_email}).`)
      return winner
    } catch (error) {
      toast.error(
        error instanceof NoCandidatesError
          ? 'No entries left to draw this month.'
          : `The draw failed: ${(error as Error).message}`,
      )
      throw error
    }
  },
  async exclude(payload) {
    try {
      await excludeEntry(Number(payload.entryId), String(payload.reason ?? ''))
    } catch (error) {
      toast.error(`The entry was not excluded: ${(error as Error).message}`)
      throw error
    }
    toast.success('Entry excluded', String(payload.name ?? ''))
  },
})

export function Component() {
  const data = useAdminData<GiveawayData>()
  return (
    <AdminSection
      id="giveaway"
      title="Giveaway"
      intro={
        <>
          Perfect scores (10 of 10) in the fan quiz in {GIVEAWAY_MONTH} (the month runs on UTC), one
          entry per e-mail address: the earliest.
        </>
      }
    >
      <DrawPanel data={data} />
      <CandidatesTable candidates={data.candidates} />
      <DrawLog draws={data.draws} exclusions={data.exclusions} />
    </AdminSection>
  )
}
