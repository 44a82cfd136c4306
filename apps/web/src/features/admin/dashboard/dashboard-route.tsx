// /admin: how many sign-ups each form got today, this week (from Monday) and in all, counted by
// the team member's own calendar (their browser's time zone).
import { Link } from 'react-router'
import { settle, type ReadResult } from '../../../lib/read-result'
import { INBOX_TABLES } from '../inbox/inbox-tables'
import { localTimeZone } from '../shared/admin-date'
import { adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { loadCounts, type TableCounts } from './api/load-counts'

type DashboardData = { counts: ReadResult<TableCounts[]>; timeZone: string }

export const loader = adminLoader(async (): Promise<DashboardData> => {
  const timeZone = localTimeZone()
  return { counts: await settle('the counts', () => loadCounts(timeZone)), timeZone }
})

export function Component() {
  const { counts, timeZone } = useAdminData<DashboardData>()
  return (
    <AdminSection
      id="dashboard"
      title="Dashboard"
      intro={`Sign-ups per form. Days and weeks are your own (${timeZone}); weeks start Monday.`}
    >
      {counts.status !== 'ready' ? (
        <p className="admin-error" role="alert">
          The counts could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <table className="admin-table admin-table--counts admin-table--cards">
          <caption className="visually-hidden">Sign-ups per table</caption>
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
              const row = counts.data.find((c) => c.table_name === t.name)
              return (
                <tr key={t.name} data-table={t.name}>
                  <th scope="row">
                    <Link to={`/admin/inbox/${t.name}`}>{t.label}</Link>
                  </th>
                  <td data-label="Today">{row?.today ?? 0}</td>
                  <td data-label="This week">{row?.this_week ?? 0}</td>
                  <td data-label="All time">{row?.all_time ?? 0}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </AdminSection>
  )
}
