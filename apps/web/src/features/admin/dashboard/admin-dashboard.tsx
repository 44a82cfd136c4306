// /admin: how many sign-ups each table got today, this week (from Monday) and in all, in UTC.
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { LoadingState } from '../../../ui/loading-state'
import { INBOX_TABLES } from '../inbox/inbox-tables'
import { loadCounts, type TableCounts } from './api/load-counts'
import { AdminSection } from '../shared/admin-section'

export function AdminDashboard() {
  const [counts, setCounts] = useState<TableCounts[] | 'failed'>()
  useEffect(() => {
    loadCounts().then(setCounts, (error: unknown) => {
      console.error('Loading the counts failed', error)
      setCounts('failed')
    })
  }, [])
  return (
    <AdminSection
      id="dashboard"
      title="Dashboard"
      intro="Sign-ups per form. Days and weeks are in UTC; weeks start Monday."
    >
      {!counts ? (
        <LoadingState label="Counting sign-ups..." />
      ) : counts === 'failed' ? (
        <p className="admin-error" role="alert">
          The counts could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--counts">
            <caption className="admin-visually-hidden">Sign-ups per table</caption>
            <thead>
              <tr>
                <th scope="col">Form</th>
                <th scope="col">Today</th>
                <th scope="col">This week</th>
                <th scope="col">All time</th>
              </tr>
            </thead>
            <tbody>
              {INBOX_TABLES.map((t) => {
                const row = counts.find((c) => c.table_name === t.name)
                return (
                  <tr key={t.name} data-table={t.name}>
                    <th scope="row">
                      <Link to={`/admin/inbox/${t.name}`}>{t.label}</Link>
                    </th>
                    <td>{row?.today ?? 0}</td>
                    <td>{row?.this_week ?? 0}</td>
                    <td>{row?.all_time ?? 0}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </AdminSection>
  )
}
