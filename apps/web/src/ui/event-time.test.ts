import { describe, expect, it } from 'vitest'
import { countdown, eventZoneStart, googleCalendarUrl, visitorStart, zoneCity } from './event-time'

const START = '2025-09-06T23:00:00.000Z'

describe('event times', () => {
  it('names the start where the event happens, with plain spaces', () => {
    expect(eventZoneStart(START, 'America/New_York')).toBe(
      'Sat, Sep 6, 2025, 7:00 PM EDT (New York time)',
    )
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires')
  })

  it("names the start in the visitor's zone", () => {
    expect(visitorStart(START, 'America/Los_Angeles')).toBe(
      'Sat, Sep 6, 2025, 4:00 PM in your time (PDT)',
    )
  })

  it('counts down in days, hours, then minutes, and stops at the start', () => {
    const at = (iso: string) => Date.parse(iso)
    expect(countdown(START, at('2025-09-03T20:00:00Z'))).toBe('Starts in 3 days')
    expect(countdown(START, at('2025-09-05T22:00:00Z'))).toBe('Starts in 1 day')
    expect(countdown(START, at('2025-09-06T18:00:00Z'))).toBe('Starts in 5 hours')
    expect(countdown(START, at('2025-09-06T22:00:00Z'))).toBe('Starts in 1 hour')
    expect(countdown(START, at('2025-09-06T22:47:30Z'))).toBe('Starts in 13 minutes')
    expect(countdown(START, at('2025-09-06T22:59:59Z'))).toBe('Starts in 1 minute')
    expect(countdown(START, at(START))).toBeUndefined()
    expect(countdown(START, at('2026-11-27T00:00:00Z'))).toBeUndefined()
  })

  it('links to Google Calendar with an hour-long slot', () => {
    const url = new URL(
      googleCalendarUrl({
        title: 'Q&A',
        summary: 'Live.',
        startsAt: START,
        place: null,
        linkUrl: 'https://example.com/live',
      }),
    )
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Q&A',
      dates: '20250906T230000Z/20250907T000000Z',
      details: 'Live.',
      location: 'https://example.com/live',
    })
  })
})
