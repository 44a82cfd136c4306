import { describe, expect, it } from 'vitest'
import { formatNewsDate } from '../../../lib/news-date'
import { HEADLINE_MAX, isCalendarDate, newsSchema, SUMMARY_MAX, todayIso } from './news-schema'

const valid = { date: '2025-09-06', headline: 'Rent is due', summary: 'Again.' }

function firstError(values: Record<string, string>): string | undefined {
  const result = newsSchema.safeParse(values)
  return result.success ? undefined : result.error.issues[0]?.message
}

describe('newsSchema (mirrors migration 0002)', () => {
  it('accepts a row at the bounds and trims it', () => {
    const result = newsSchema.parse({
      date: '2025-09-06',
      headline: ` ${'h'.repeat(HEADLINE_MAX)} `,
      summary: 's'.repeat(SUMMARY_MAX),
    })
    expect(result.headline).toBe('h'.repeat(HEADLINE_MAX))
    expect(result.summary).toHaveLength(SUMMARY_MAX)
  })

  it('refuses blank and over-long headlines and summaries', () => {
    expect(firstError({ ...valid, headline: '   ' })).toBe('Please enter a headline.')
    expect(firstError({ ...valid, headline: 'h'.repeat(HEADLINE_MAX + 1) })).toBe(
      'The headline must be at most 120 characters.',
    )
    expect(firstError({ ...valid, summary: '' })).toBe('Please enter a summary.')
    expect(firstError({ ...valid, summary: 's'.repeat(SUMMARY_MAX + 1) })).toBe(
      'The summary must be at most 2000 characters.',
    )
  })

  it('refuses missing and impossible dates', () => {
    expect(firstError({ ...valid, date: '' })).toBe('Please choose a date.')
    expect(firstError({ ...valid, date: '2025-02-30' })).toBe(
      'Please enter a real date, like 2025-09-06.',
    )
    expect(isCalendarDate('2024-02-29')).toBe(true)
    expect(isCalendarDate('2025-9-6')).toBe(false)
  })

  it('gives today in UTC and formats dates like the site', () => {
    // The team member's own calendar: late on New Year's Day is still the 1st, wherever UTC is.
    expect(todayIso(new Date(2026, 0, 1, 23, 30))).toBe('2026-01-01')
    expect(formatNewsDate('2025-09-06')).toBe('September 6, 2025')
    expect(formatNewsDate('nonsense')).toBe('nonsense')
  })
})
