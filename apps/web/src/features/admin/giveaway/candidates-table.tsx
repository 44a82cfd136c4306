// This month's candidates as a table (cards on a phone): when they scored, who, which connection
// they share and what that means, whether they are excluded or already won, and an Exclude action
// that asks for a reason.
import { useState } from 'react'
import type { ReadResult } from '../../../lib/read-result'
import { formatAdminTime } from '../shared/admin-date'
import { AdminTableScroll } from '../shared/admin-table-scroll'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { ReasonField } from '../shared/reason-field'
import { RowActions } from '../shared/row-actions'
import { useAdminAction } from '../shared/use-admin-action'
import type { Candidate } from './api/giveaway'
import { SHARED_CONNECTION_HELP, sharedConnectionText } from './shared-connection'
import { AdminTableHead } from '../shared/admin-table-head'

function statusOf(c: Candidate): string {
  if (c.excluded_reason) return `Excluded: ${c.excluded_reason}`
  if (c.won_this_month) return 'Won this month'
  return 'In the draw'
}

export function CandidatesTable({ candidates }: { candidates: ReadResult<Candidate[]> }) {
  const [excluding, setExcluding] = useState<Candidate | null>(null)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const exclude = useAdminAction()

  const confirm = async () => {
    if (!excluding) return
    if (!reason.trim()) {
      setError('Say why; the reason goes into the draw log.')
      throw new Error('no reason')
    }
    const result = await exclude.run({
      intent: 'exclude',
      entryId: excluding.quiz_entry_id,
      name: excluding.name,
      reason: reason.trim(),
    })
    if (!result.ok) throw new Error(result.error)
  }

  if (candidates.status !== 'ready') {
    return (
      <>
        <h3 className="admin-subtitle">Candidates this month</h3>
        <p className="admin-error" role="alert">
          The candidates could not be loaded.
        </p>
      </>
    )
  }
  const rows = candidates.data
  const shared = rows.some((c) => c.shared_ip > 1)
  return (
    <>
      <h3 className="admin-subtitle">Candidates this month</h3>
      {rows.length === 0 ? (
        <p className="admin-empty">No perfect scores this month yet.</p>
      ) : (
        <>
          {shared && <p className="admin-note">{SHARED_CONNECTION_HELP}</p>}
          <AdminTableScroll label="Candidates">
            <table className="admin-table admin-table--cards">
              <AdminTableHead
                caption="Candidates this month"
                columns={['Name', 'Email', 'Scored', 'Same connection', 'Status']}
                actions
              />
              <tbody>
                {rows.map((c) => (
                  <tr key={c.quiz_entry_id}>
                    <th scope="row">{c.name}</th>
                    <td data-label="Email">{c.email}</td>
                    <td data-label="Scored">{formatAdminTime(c.created_at)}</td>
                    <td data-label="Same connection">{sharedConnectionText(c)}</td>
                    <td data-label="Status">{statusOf(c)}</td>
                    <td className="admin-table__actions">
                      {!c.excluded_reason && (
                        <RowActions
                          label={`Actions for ${c.name}`}
                          actions={[
                            {
                              label: 'Exclude',
                              name: `Exclude ${c.name} (${c.email})`,
                              onSelect: () => {
                                setReason('')
                                setError(undefined)
                                setExcluding(c)
                              },
                            },
                          ]}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </AdminTableScroll>
        </>
      )}
      <ConfirmDialog
        open={excluding !== null}
        onOpenChange={(open) => !open && setExcluding(null)}
        title="Exclude this entry?"
        description={
          excluding
            ? `${excluding.name} (${excluding.email}) will not be drawn this month. This cannot be undone; it is kept in the draw log with your reason.`
            : ''
        }
        confirmLabel="Exclude"
        busyLabel="Excluding..."
        onConfirm={confirm}
      >
        <ReasonField
          label="Reason"
          required
          error={error}
          value={reason}
          onChange={setReason}
          onClearError={() => setError(undefined)}
        />
      </ConfirmDialog>
    </>
  )
}
