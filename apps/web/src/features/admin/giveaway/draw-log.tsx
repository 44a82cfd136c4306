// The draw log: every draw, re-draw and exclusion of the last months, newest first, with who did
// it and why. The database keeps them append-only; this only shows them.
import type { ReadResult } from '../../../lib/read-result'
import { formatAdminTime } from '../shared/admin-date'
import { AdminTableScroll } from '../shared/admin-table-scroll'
import type { Draw, Exclusion } from './api/giveaway'
import { AdminTableHead } from '../shared/admin-table-head'

type LogEntry = {
  key: string
  at: string
  what: string
  who: string
  entries: string
  reason: string
  by: string
}

export function logEntries(draws: Draw[], exclusions: Exclusion[]): LogEntry[] {
  const fromDraws = draws.map((d) => ({
    key: `draw-${d.id}`,
    at: d.drawn_at,
    what: d.redraw_of === null ? 'Draw' : 'Re-draw',
    who: `${d.winner_name} (${d.winner_email})`,
    entries: String(d.candidate_count),
    reason: d.reason ?? '',
    by: d.drawn_by_email ?? '',
  }))
  const fromExclusions = exclusions.map((x) => ({
    key: `exclusion-${x.id}`,
    at: x.excluded_at,
    what: 'Excluded',
    who: `${x.name} (${x.email})`,
    entries: '',
    reason: x.reason,
    by: x.excluded_by_email ?? '',
  }))
  return [...fromDraws, ...fromExclusions].sort((a, b) => b.at.localeCompare(a.at))
}

export function DrawLog({
  draws,
  exclusions,
}: {
  draws: ReadResult<Draw[]>
  exclusions: ReadResult<Exclusion[]>
}) {
  return (
    <>
      <h3 className="admin-subtitle">Draw log</h3>
      {draws.status !== 'ready' || exclusions.status !== 'ready' ? (
        <p className="admin-error" role="alert">
          The draw log could not be loaded.
        </p>
      ) : draws.data.length + exclusions.data.length === 0 ? (
        <p className="admin-empty">No draws yet.</p>
      ) : (
        <AdminTableScroll label="Draw log">
          <table className="admin-table admin-table--cards">
            <AdminTableHead
              caption="Draw log"
              columns={['When', 'What', 'Entry', 'Entries', 'Reason', 'By']}
            />
            <tbody>
              {logEntries(draws.data, exclusions.data).map((e) => (
                <tr key={e.key}>
                  <th scope="row">{formatAdminTime(e.at)}</th>
                  <td data-label="What">{e.what}</td>
                  <td data-label="Entry">{e.who}</td>
                  <td data-label="Entries">{e.entries}</td>
                  <td data-label="Reason">{e.reason}</td>
                  <td data-label="By">{e.by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableScroll>
      )}
    </>
  )
}
