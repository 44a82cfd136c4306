// One send's progress: its counts by state and each recipient's state, as the view's loader read
// them; the view reads them again every few seconds while mails are still to go out.
import { useEffect, useRef } from 'react'
import { formatAdminTime } from '../shared/admin-date'
import { AdminTableScroll } from '../shared/admin-table-scroll'
import type { Recipient } from './api/newsletters'
import { RECIPIENTS_SHOWN } from './api/newsletters'
import { DELIVERY_STATES, sendStatus, type SendRow } from './newsletter-schema'

type SendProgressProps = {
  row: SendRow
  recipients: { rows: Recipient[]; total: number } | null
  onClose: () => void
}

export function SendProgress({ row, recipients, onClose }: SendProgressProps) {
  const status = sendStatus(row)
  const heading = useRef<HTMLHeadingElement>(null)
  // A send's progress opened (from its row, or right after sending it): focus goes to it.
  useEffect(() => heading.current?.focus(), [row.id])
  return (
    <section
      className="admin-content__part newsletter-progress"
      aria-labelledby="newsletter-progress-heading"
    >
      <h3 id="newsletter-progress-heading" ref={heading} tabIndex={-1} className="admin-subtitle">
        Progress of “{row.subject}”
      </h3>
      <p role="status" className="newsletter-progress__status">
        {status}
        {row.state === 'scheduled' && row.send_at ? ` for ${formatAdminTime(row.send_at)}` : ''}
        {row.recipient_count !== null ? ` · ${row.recipient_count} recipients` : ''}
      </p>
      <dl className="newsletter-counts" aria-label="Recipients by state">
        {DELIVERY_STATES.map((s) => (
          <div key={s} className="newsletter-counts__item">
            <dt>{s}</dt>
            <dd>{row.counts[s]}</dd>
          </div>
        ))}
      </dl>
      {recipients === null ? (
        <p className="admin-error" role="alert">
          The recipients could not be loaded. Reload the page to try again.
        </p>
      ) : recipients.total === 0 ? (
        <p className="admin-muted">
          {row.state === 'sending'
            ? 'Nobody was mailed: the audience had no confirmed address.'
            : 'No recipients yet: they are listed once the send starts.'}
        </p>
      ) : (
        <AdminTableScroll label="Recipients">
          <table className="admin-table">
            <caption className="admin-muted">
              {recipients.total > RECIPIENTS_SHOWN
                ? `The first ${RECIPIENTS_SHOWN} of ${recipients.total} recipients`
                : `${recipients.total} recipients`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">State</th>
                <th scope="col">Sent</th>
              </tr>
            </thead>
            <tbody>
              {recipients.rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.address}</td>
                  <td>
                    {r.state}
                    {r.error ? ` (${r.error})` : ''}
                  </td>
                  <td>{formatAdminTime(r.sent_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </AdminTableScroll>
      )}
      <div className="admin-actions">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          Close progress
        </button>
      </div>
    </section>
  )
}
