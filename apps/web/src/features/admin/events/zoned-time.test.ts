import { describe, expect, it } from 'vitest'
import { describeStart, instantToZoned, isTimeZone, zonedToInstant } from './zoned-time'

describe('zoned time', () => {
  it.each([
    // The spec's Q&A: 7 pm in New York in September is 23:00 UTC (daylight saving).
    [{ date: '2025-09-06', time: '19:00' }, 'America/New_York', '2025-09-06T23:00:00.000Z'],
    [{ date: '2025-12-06', time: '19:00' }, 'America/New_York', '2025-12-07T00:00:00.000Z'],
    [{ date: '2026-03-29', time: '00:30' }, 'Europe/Berlin', '2026-03-28T23:30:00.000Z'],
    [{ date: '2026-07-01', time: '09:15' }, 'Asia/Kolkata', '2026-07-01T03:45:00.000Z'],
    [{ date: '2026-07-01', time: '09:15' }, 'UTC', '2026-07-01T09:15:00.000Z'],
    // 02:30 does not exist in Berlin on 29 March 2026: clocks go from 02:00 to 03:00.
    [{ date: '2026-03-29', time: '02:30' }, 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
  ])('%j in %s is %s', (wall, zone, iso) => {
    expect(zonedToInstant(wall, zone)).toBe(iso)
  })

  it('reads an instant back as the wall time it was set at', () => {
    for (const zone of ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'UTC']) {
      const wall = { date: '2025-09-06', time: '19:00' }
      expect(instantToZoned(zonedToInstant(wall, zone), zone)).toEqual(wall)
    }
  })

  it('names the start with its zone, and knows real zones from made-up ones', () => {
    expect(describeStart('2025-09-06T23:00:00Z', 'America/New_York')).toBe(
      'Sat, Sep 6, 2025, 7:00 PM EDT',
    )
    expect(isTimeZone('America/New_York')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
  })
})
