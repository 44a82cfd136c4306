// What a look-up found: the count of each kind, a download of all of it as JSON, the erasure
// (confirmed first), and the rows themselves, one small list of fields per row.
import { ConfirmDialog } from '../shared/confirm-dialog'
import { AdminTableHead } from '../shared/admin-table-head'
import {
  FAN_DATA_KINDS,
  type FanDataErased,
  type FanDataExport,
  type FanDataKind,
  type StoredRow,
} from './api/fan-data'
import { downloadFile } from '../shared/download-file'

/** Rows an erasure removed: every kind but the unsubscribe, which it keeps (keyed). */
export function erasedTotal(counts: FanDataErased): number {
  return Object.entries(counts)
    .filter(([kind]) => kind !== 'newsletter_suppressions')
    .reduce((sum, [, n]) => sum + n, 0)
}

function total(data: FanDataExport): number {
  return data.kinds.reduce((sum, kind) => sum + (data.counts[kind] ?? 0), 0)
}

function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '-'
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'item' : 'items'}`
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function RowFields({ row }: { row: StoredRow }) {
  return (
    <dl className="admin-fan-data__row">
      {Object.entries(row).map(([field, value]) => (
        <div key={field}>
          <dt>{field}</dt>
          <dd>{fieldText(value)}</dd>
        </div>
      ))}
    </dl>
  )
}

export function FanDataResult({
  data,
  onErase,
}: {
  data: FanDataExport
  onErase: () => Promise<void>
}) {
  const all = total(data)
  const found = data.kinds.filter((kind) => (data.counts[kind] ?? 0) > 0)
  const titleId = 'admin-fan-data-found'
  return (
    <section className="admin-fan-data__result" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-subtitle">
        Stored about <span className="admin-fan-data__address">{data.address}</span>
      </h3>
      <p className="admin-count">
        {all === 0
          ? 'Nothing is stored about this address.'
          : `${all} ${all === 1 ? 'row' : 'rows'} in all.`}
      </p>
      <table className="admin-table admin-fan-data__counts">
        <AdminTableHead caption={`Rows stored about ${data.address}`} columns={['Kind', 'Rows']} />
        <tbody>
          {data.kinds.map((kind: FanDataKind) => (
            <tr key={kind}>
              <th scope="row">{FAN_DATA_KINDS[kind] ?? kind}</th>
              <td>{data.counts[kind] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="admin-actions admin-fan-data__actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() =>
            downloadFile(
              `fan-data-${data.exported_at.slice(0, 10)}.json`,
              JSON.stringify(data, null, 2) + '\n',
              'application/json;charset=utf-8',
            )
          }
        >
          Download JSON
        </button>
        <ConfirmDialog
          trigger={
            <button type="button" className="btn btn--primary" disabled={all === 0}>
              Erase everything
            </button>
          }
          title={`Erase everything stored about ${data.address}?`}
          description="Deletes its sign-ups, messages, applications, quiz entries and newsletter mails in one go. Giveaway draws stay in their log without the name and address, and an unsubscribe stays under a fingerprint, so the address is never mailed again. This cannot be undone."
          confirmLabel="Erase"
          busyLabel="Erasing..."
          onConfirm={onErase}
        />
      </div>
      {found.map((kind) => (
        <section
          key={kind}
          className="admin-fan-data__kind"
          aria-labelledby={`admin-fan-data-${kind}`}
        >
          <h4 id={`admin-fan-data-${kind}`}>
            {FAN_DATA_KINDS[kind] ?? kind} ({data.counts[kind]})
          </h4>
          {(data.rows[kind] ?? []).map((row, i) => (
            <RowFields key={String(row.id ?? row.address ?? i)} row={row} />
          ))}
        </section>
      ))}
    </section>
  )
}
