// The inbox view state, kept in the URL (?q=&from=&to=&role=&score=&page=) so a view can be
// reloaded, shared and gone back to; and its translation into PostgREST filters.
import type { InboxTable } from './inbox-tables'

export type InboxFilters = {
  q: string
  /** YYYY-MM-DD, inclusive, days of the team member's own calendar. */
  from: string
  to: string
  role: string
  /** '' or '0'..'10'. */
  score: string
  /** 1-based. */
  page: number
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

export function readFilters(params: URLSearchParams): InboxFilters {
  const day = (key: string) => {
    const v = params.get(key) ?? ''
    return DAY.test(v) ? v : ''
  }
  const score = params.get('score') ?? ''
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    q: params.get('q') ?? '',
    from: day('from'),
    to: day('to'),
    role: params.get('role') ?? '',
    score: /^(10|[0-9])$/.test(score) ? score : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  }
}

export function writeFilters(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.role) params.set('role', filters.role)
  if (filters.score) params.set('score', filters.score)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** A LIKE pattern matching `term` literally anywhere: \, % and _ escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** A value inside PostgREST's or=(…): double-quoted, with \ and " backslash-escaped. */
export function orValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}

/** The day after YYYY-MM-DD, for an exclusive upper bound. */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

export type FilterStep =
  { op: 'or'; value: string } | { op: 'gte' | 'lt' | 'eq'; column: string; value: string | number }

/** The moment a calendar day begins in the browser's own time zone, as an ISO instant. */
export function localDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d).toISOString()
}

/**
 * The filters for a view, as data: the list query and the CSV export apply the same steps. Days
 * begin when `dayStart` says (the team member's midnight by default).
 */
export function filterSteps(
  table: InboxTable,
  f: InboxFilters,
  dayStart: (day: string) => string = localDayStart,
): FilterStep[] {
  const steps: FilterStep[] = []
  const term = f.q.trim()
  if (term) {
    const pattern = orValue(containsPattern(term))
    steps.push({ op: 'or', value: table.search.map((c) => `${c}.ilike.${pattern}`).join(',') })
  }
  if (f.from) steps.push({ op: 'gte', column: 'created_at', value: dayStart(f.from) })
  if (f.to) steps.push({ op: 'lt', column: 'created_at', value: dayStart(nextDay(f.to)) })
  if (table.filter === 'role' && f.role) steps.push({ op: 'eq', column: 'role', value: f.role })
  if (table.filter === 'score' && f.score) {
    steps.push({ op: 'eq', column: 'score', value: Number(f.score) })
  }
  return steps
}
