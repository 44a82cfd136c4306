import { describe, expect, it } from 'vitest'
import {
  containsPattern,
  filterSteps,
  localDayStart,
  nextDay,
  orValue,
  readFilters,
  writeFilters,
} from './inbox-filters'
import { inboxTable } from './inbox-tables'

describe('inbox filters', () => {
  it('escapes LIKE wildcards and or=() quoting', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
    expect(orValue('%a"b\\%')).toBe('"%a\\"b\\\\%"')
  })

  it('round-trips through the URL and drops junk', () => {
    const f = readFilters(new URLSearchParams('q=rosie&from=2026-01-02&to=nope&score=11&page=3'))
    expect(f).toEqual({ q: 'rosie', from: '2026-01-02', to: '', role: '', score: '', page: 3 })
    expect(writeFilters(f).toString()).toBe('q=rosie&from=2026-01-02&page=3')
  })

  it('builds the steps: search on name or email, the team member’s days, role only for applications', () => {
    const tokyo = (day: string) => `${day}T00:00:00+09:00`
    const steps = filterSteps(
      inboxTable('team_applications')!,
      { q: 'a,b', from: '2026-02-28', to: '2026-02-28', role: 'writer', score: '10', page: 1 },
      tokyo,
    )
    expect(steps).toEqual([
      { op: 'or', value: 'name.ilike."%a,b%",email.ilike."%a,b%"' },
      { op: 'gte', column: 'created_at', value: '2026-02-28T00:00:00+09:00' },
      { op: 'lt', column: 'created_at', value: '2026-03-01T00:00:00+09:00' },
      { op: 'eq', column: 'role', value: 'writer' },
    ])
    expect(nextDay('2026-12-31')).toBe('2027-01-01')
  })

  it('starts a day at the browser’s own midnight', () => {
    const start = new Date(localDayStart('2026-07-04'))
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([
      2026, 6, 4, 0,
    ])
  })
})
