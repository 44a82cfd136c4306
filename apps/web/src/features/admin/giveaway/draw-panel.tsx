// The draw: a button that asks first. The month's first draw confirms with a note for the log;
// any later draw is a re-draw and must say why (the database insists too). Nothing is drawn or
// recorded until the team member confirms.
import { useState } from 'react'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { ReasonField } from '../shared/reason-field'
import { useAdminAction } from '../shared/use-admin-action'
import type { Draw } from './api/giveaway'
import type { GiveawayData } from './giveaway-route'

export const GIVEAWAY_MONTH = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date())

const THIS_MONTH = new Date().toISOString().slice(0, 7)

export function DrawPanel({ data }: { data: GiveawayData }) {
  const draw = useAdminAction()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const candidates = data.candidates.status === 'ready' ? data.candidates.data : []
  const eligible = candidates.filter((c) => !c.excluded_reason && !c.won_this_month).length
  const monthDraws =
    data.draws.status === 'ready'
      ? data.draws.data.filter((d) => d.month.startsWith(THIS_MONTH))
      : []
  const previous = monthDraws[0]
  const redraw = previous !== undefined
  const winner = draw.last?.ok && draw.last.intent === 'draw' ? (draw.last.data as Draw) : null
  const defaultNote = `Monthly draw for ${GIVEAWAY_MONTH}`

  const confirm = async () => {
    const note = reason.trim()
    if (redraw && !note) {
      setError('Say why you draw again; it goes into the log.')
      throw new Error('no reason')
    }
    const result = await draw.run({ intent: 'draw', reason: note || defaultNote })
    if (!result.ok) throw new Error(result.error)
  }

  return (
    <div className="admin-draw">
      <ConfirmDialog
        trigger={
          <button
            type="button"
            className="btn btn--primary btn--large"
            disabled={data.candidates.status !== 'ready' || eligible === 0}
          >
            {redraw ? 'Draw again' : 'Draw a winner'}
          </button>
        }
        onOpenChange={(open) => {
          if (open) {
            setReason('')
            setError(undefined)
          }
        }}
        title={redraw ? 'Draw again?' : `Draw the ${GIVEAWAY_MONTH} winner?`}
        description={
          redraw
            ? `${previous.winner_name} won this month’s last draw. A new draw picks one of the ${eligible} other ${eligible === 1 ? 'entry' : 'entries'}; both draws stay in the log.`
            : `The database picks one of the ${eligible} ${eligible === 1 ? 'entry' : 'entries'} at random and records the draw for good.`
        }
        confirmLabel="Draw now"
        busyLabel="Drawing..."
        onConfirm={confirm}
      >
        <ReasonField
          label={redraw ? 'Why draw again?' : 'Note for the log'}
          required={redraw}
          hint={
            redraw
              ? 'For example: the winner did not answer in two weeks.'
              : `Leave empty for “${defaultNote}”.`
          }
          error={error}
          value={reason}
          onChange={setReason}
          onClearError={() => setError(undefined)}
        />
      </ConfirmDialog>
      <div aria-live="polite">
        {winner && (
          <p className="admin-winner">
            <span className="stamp stamp--teal">Winner</span> {winner.winner_name} (
            {winner.winner_email}), drawn from {winner.candidate_count}{' '}
            {winner.candidate_count === 1 ? 'entry' : 'entries'}.
          </p>
        )}
      </div>
    </div>
  )
}
