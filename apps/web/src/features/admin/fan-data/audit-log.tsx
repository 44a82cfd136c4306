// The log of fan data requests: every look-up (an export) and erasure, newest first, with how many
// rows it found or erased and who asked. The database writes it and keeps it append-only; the
// address shows only as the start of its sha256 fingerprint.
import type { ReadResult } from '../../../lib/read-result'
import { formatAdminTime } from '../shared/admin-date'
import { AdminTableHead } from '../shared/admin-table-head'
import { AdminTableScroll } from '../shared/admin-table-scroll'
import type { AuditEntry } from './api/fan-data'

const ACTION = { export: 'Look-up and export', delete: 'Erasure' } as const

/** The first 12 hex digits of 'sha256:<hex>': enough to tell requests apart, naming no one. */
export function shortKey(key: string): string {
  return key.replace(/^sha256:/, '').slice(0, 12)
}

export function AuditLog({ audit }: { audit: ReadResult<AuditEntry[]> }) {
  return (
    <>
      <h3 className="admin-subtitle">Request log</h3>
      {audit.status !== 'ready' ? (
        <p className="admin-error" role="alert">
          The request log could not be loaded.
        </p>
      ) : audit.data.length === 0 ? (
        <p className="admin-empty">No requests yet.</p>
      ) : (
        <AdminTableScroll label="Request log">
          <table className="admin-table admin-table--cards">
            <AdminTableHead
              caption="Request log"
              columns={['When', 'What', 'Rows', 'Address fingerprint', 'By']}
            />
            <tbody>
              {audit.data.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{formatAdminTime(a.done_at)}</th>
                  <td data-label="What">{ACTION[a.action] ?? a.action}</td>
                  <td data-label="Rows">{a.row_count}</td>
                  <td data-label="Address fingerprint">
                    <code>{shortKey(a.address_key)}</code>
                  </td>
                  <td data-label="By">{a.done_by_email ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableScroll>
      )}
    </>
  )
}
