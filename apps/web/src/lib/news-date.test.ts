import { describe, expect, it } from 'vitest'
import { formatNewsDate, formatShortDate, isoCalendarDate } from './news-date'

describe('formatNewsDate', () => {
  it('writes a calendar date in words, the same day in every time zone', () => {
    expect(formatNewsDate('2025-09-06')).toBe('September 6, 2025')
    expect(formatNewsDate('2026-01-01')).toBe('January 1, 2026')
    expect(formatNewsDate('2025-12-31')).toBe('December 31, 2025')
  })

  it('ignores a time part if the server sends one', () => {
    expect(formatNewsDate('2025-03-01T23:30:00+00:00')).toBe('March 1, 2025')
  })

  it('shows an unparsable value unchanged', () => {
    expect(formatNewsDate('soon')).toBe('soon')
  })
})

describe('formatShortDate and isoCalendarDate', () => {
  it("write the visitor's day as toLocaleDateString('en-US') does, and as an ISO date", () => {
    for (const day of [
      new Date(2026, 10, 22),
      new Date(2025, 0, 5, 23, 59),
      new Date(2024, 8, 6),
    ]) {
      expect(formatShortDate(day)).toBe(day.toLocaleDateString('en-US'))
    }
    expect(formatShortDate(new Date(2025, 0, 5, 23, 59))).toBe('1/5/2025')
    expect(isoCalendarDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05')
    expect(isoCalendarDate(new Date(2026, 10, 22))).toBe('2026-11-22')
  })
})
