// /admin/inbox/<table>: one sign-up table, newest first, searchable and filterable, paged on the
// server, with a CSV export of everything the current filter matches. The view state lives in
// the URL and the loader reads the page it names; rows come through the admin's token, so RLS
// decides what is visible.
import { useId, useState, type FormEvent } from 'react'
import { NavLink, useNavigation, useParams, useSearchParams } from 'react-router'
import { settle, type ReadResult } from '../../../lib/read-result'
import { LoadingState } from '../../../ui/loading-state'
import { toast } from '../../../ui/toast'
import { csvFileName, toCsv } from '../csv'
import { formatAdminTime } from '../shared/admin-date'
import { AdminPager } from '../shared/admin-pager'
import { adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { AdminTableScroll } from '../shared/admin-table-scroll'
import {
  fetchAllInboxRows,
  fetchInboxPage,
  INBOX_PAGE_SIZE,
  type InboxPage,
} from './api/query-inbox'
import { downloadFile } from '../shared/download-file'
import { readFilters, writeFilters, type InboxFilters } from './inbox-filters'
import { INBOX_TABLES, inboxTable, TEAM_ROLES, type InboxTable } from './inbox-tables'

type InboxData = { table: string; query: string; page: ReadResult<InboxPage> }

export const loader = adminLoader(async ({ params, request }): Promise<InboxData> => {
  const table = inboxTable(params.table) ?? INBOX_TABLES[0]!
  const filters = readFilters(new URL(request.url).searchParams)
  return {
    table: table.name,
    query: writeFilters(filters).toString(),
    page: await settle('the inbox', () => fetchInboxPage(table, filters)),
  }
})

export function Component() {
  const { table: tableName } = useParams()
  const table = inboxTable(tableName) ?? INBOX_TABLES[0]!
  return (
    <AdminSection id="inbox" title={<>Inbox: {table.label}</>}>
      <nav className="admin-tabs" aria-label="Sign-up tables">
        {INBOX_TABLES.map((t) => (
          <NavLink key={t.name} to={`/admin/inbox/${t.name}`} className="admin-tabs__link">
            {t.label}
          </NavLink>
        ))}
      </nav>
      <InboxView key={table.name} table={table} />
    </AdminSection>
  )
}

function InboxView({ table }: { table: InboxTable }) {
  const [params, setParams] = useSearchParams()
  const filters = readFilters(params)
  const query = writeFilters(filters).toString()
  const data = useAdminData<InboxData>()
  const navigation = useNavigation()
  const [exporting, setExporting] = useState<string | null>(null)

  const update = (next: Partial<InboxFilters>) =>
    setParams(writeFilters({ ...filters, page: 1, ...next }))

  const exportCsv = async () => {
    setExporting('Preparing the export...')
    try {
      const rows = await fetchAllInboxRows(table, filters, (fetched, total) =>
        setExporting(`Exporting ${fetched} of ${total} rows...`),
      )
      const columns = table.columns
      const csv = toCsv(
        columns.map((c) => c.key),
        rows.map((row) => columns.map((c) => row[c.key])),
      )
      downloadFile(csvFileName(table.name, new Date()), csv, 'text/csv;charset=utf-8')
      toast.success('Export ready', `${rows.length} rows in the CSV file.`)
    } catch (error) {
      console.error('CSV export failed', error)
      toast.error('The export failed. Try again.')
    } finally {
      setExporting(null)
    }
  }

  // Until the loader has read the view the URL now names (a filter, a page), say so.
  const loading =
    navigation.state === 'loading' || data.table !== table.name || data.query !== query
  const page = data.page.status === 'ready' ? data.page.data : undefined
  return (
    <>
      <InboxFilterForm table={table} filters={filters} onApply={update} />
      <div className="admin-toolbar">
        <p className="admin-count" aria-live="polite">
          {loading
            ? 'Counting...'
            : page
              ? `${page.total} ${page.total === 1 ? 'row' : 'rows'}`
              : ''}
        </p>
        <button
          type="button"
          className="btn btn--primary"
          disabled={exporting !== null || loading || !page?.total}
          onClick={() => void exportCsv()}
        >
          Export CSV
        </button>
        {exporting && (
          <p className="admin-muted" role="status">
            {exporting}
          </p>
        )}
      </div>
      {loading ? (
        <LoadingState label="Loading rows..." />
      ) : !page ? (
        <p className="admin-error" role="alert">
          The rows could not be loaded. Check the filters or try again.
        </p>
      ) : page.rows.length === 0 ? (
        <p className="admin-empty">No rows match this view.</p>
      ) : (
        <>
          <AdminTableScroll label={`${table.label} rows`}>
            <table className="admin-table admin-table--cards">
              <caption className="visually-hidden">{table.label} rows</caption>
              <thead>
                <tr>
                  {table.columns.map((c) => (
                    <th key={c.key} scope="col">
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => (
                  <tr key={String(row.id)}>
                    {table.columns.map((c) => (
                      <td key={c.key} className={`admin-table__${c.key}`} data-label={c.label}>
                        {c.key === 'created_at'
                          ? formatAdminTime(row[c.key] as string)
                          : (row[c.key] ?? '')}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </AdminTableScroll>
          <AdminPager
            page={filters.page}
            pageSize={INBOX_PAGE_SIZE}
            total={page.total}
            label={`${table.label} pages`}
            onPage={(p) => update({ page: p })}
          />
        </>
      )}
    </>
  )
}

type FilterFormProps = {
  table: InboxTable
  filters: InboxFilters
  onApply(next: Partial<InboxFilters>): void
}

/** The filter inputs; applied on submit so typing does not query on every key. */
function InboxFilterForm({ table, filters, onApply }: FilterFormProps) {
  const id = useId()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (key: string) => String(data.get(key) ?? '')
    onApply({
      q: text('q'),
      from: text('from'),
      to: text('to'),
      role: text('role'),
      score: text('score'),
    })
  }
  const searchLabel = table.search.length > 1 ? 'Search name or email' : 'Search email'
  return (
    <form
      key={writeFilters(filters).toString()}
      className="admin-filters"
      role="search"
      aria-label={`Filter ${table.label}`}
      onSubmit={onSubmit}
    >
      <div className="admin-field admin-field--wide">
        <label htmlFor={`${id}-q`}>{searchLabel}</label>
        <input id={`${id}-q`} name="q" type="search" defaultValue={filters.q} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-from`}>From</label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={filters.from} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-to`}>To</label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to} />
      </div>
      {table.filter === 'role' && (
        <div className="admin-field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select id={`${id}-role`} name="role" defaultValue={filters.role}>
            <option value="">Any role</option>
            {TEAM_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
      )}
      {table.filter === 'score' && (
        <div className="admin-field">
          <label htmlFor={`${id}-score`}>Score</label>
          <select id={`${id}-score`} name="score" defaultValue={filters.score}>
            <option value="">Any score</option>
            {Array.from({ length: 11 }, (_, i) => 10 - i).map((s) => (
              <option key={s} value={String(s)}>
                {s}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="admin-filters__actions">
        <button type="submit" className="btn btn--primary">
          Apply
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => onApply({ q: '', from: '', to: '', role: '', score: '' })}
        >
          Clear
        </button>
      </div>
    </form>
  )
}
