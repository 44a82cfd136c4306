// Reads one page of an inbox view (newest first, with an exact total), and every row of a view
// for the CSV export in pages of 1,000, the most the API returns at once.
import { getSupabase } from '../../../../lib/supabase'
import { filterSteps, type InboxFilters } from '../inbox-filters'
import type { InboxTable } from '../inbox-tables'

export const INBOX_PAGE_SIZE = 50
const EXPORT_PAGE_SIZE = 1000

export type InboxRow = Record<string, string | number | null>
export type InboxPage = { rows: InboxRow[]; total: number }

/** The part of supabase-js' filter builder the inbox uses (typed loosely on purpose). */
interface Filterable {
  or(filters: string): Filterable
  gte(column: string, value: unknown): Filterable
  lt(column: string, value: unknown): Filterable
  eq(column: string, value: unknown): Filterable
  order(column: string, options: { ascending: boolean }): Filterable
  range(
    from: number,
    to: number,
  ): PromiseLike<{
    data: unknown[] | null
    count: number | null
    error: { message: string } | null
  }>
}

async function fetchRange(
  table: InboxTable,
  filters: InboxFilters,
  from: number,
  to: number,
): Promise<InboxPage> {
  const supabase = await getSupabase()
  const columns = ['id', ...table.columns.map((c) => c.key)].join(',')
  let query = supabase.from(table.name).select(columns, { count: 'exact' }) as unknown as Filterable
  for (const step of filterSteps(table, filters)) {
    query = step.op === 'or' ? query.or(step.value) : query[step.op](step.column, step.value)
  }
  const { data, count, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to)
  if (error) throw new Error(`${table.name}: ${error.message}`)
  return { rows: (data ?? []) as unknown as InboxRow[], total: count ?? 0 }
}

export function fetchInboxPage(table: InboxTable, filters: InboxFilters): Promise<InboxPage> {
  const from = (filters.page - 1) * INBOX_PAGE_SIZE
  return fetchRange(table, filters, from, from + INBOX_PAGE_SIZE - 1)
}

/** Every row matching the view, newest first; `onProgress` hears the count fetched so far. */
export async function fetchAllInboxRows(
  table: InboxTable,
  filters: InboxFilters,
  onProgress?: (fetched: number, total: number) => void,
): Promise<InboxRow[]> {
  const rows: InboxRow[] = []
  for (;;) {
    const page = await fetchRange(table, filters, rows.length, rows.length + EXPORT_PAGE_SIZE - 1)
    rows.push(...page.rows)
    onProgress?.(rows.length, page.total)
    if (page.rows.length < EXPORT_PAGE_SIZE || rows.length >= page.total) return rows
  }
}
