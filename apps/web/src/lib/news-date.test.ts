import { describe, expect, it } from 'vitest'
import { formatNewsDate } from './news-date'

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
