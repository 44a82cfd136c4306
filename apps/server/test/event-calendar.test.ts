// /events/<id>.ics on the real server over a seeded database: the seeded cast Q&A as an
// iCalendar file (CRLF lines, folded at 75 octets, TEXT escaped, the start in UTC), on SITE_URL
// whatever Host the request names; a malformed id is a 400, an unknown one a 404, a failed read
// a 503 with Retry-After. Also the folding and escaping on their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { escapeText, eventIcs, foldLine } from '../src/http/event-calendar.js'
import { rawRequest } from './support/raw-http.js'
import { STAND_IN_SITE as SITE, startStandInSite } from './support/stand-in-build.js'
import { whileAnonCannotRead, type TestServer } from './support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startStandInSite({ seed: true })
})

afterAll(async () => {
  await server?.close()
})

/** The content lines of an iCalendar text, unfolded. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n')
}

async function qaId(): Promise<string> {
  const { rows } = await server.adminPool.query<{ id: string }>(
    "select id from public.events where title = 'Meet the Cast: Virtual Q&A'",
  )
  return rows[0]!.id
}

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })

  it('folds at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`
    const folded = foldLine(line)
    const parts = folded.split('\r\n')
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75)
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true)
    expect(unfold(folded)).toEqual([line])
    expect(foldLine('SHORT:1')).toBe('SHORT:1')
  })

  it('every line of a long event fits in 75 octets and ends with CRLF', () => {
    const ics = eventIcs(SITE, {
      id: 7,
      title: 'A, b; c\\d',
      summary: `${'Long words, '.repeat(20)}\nand a second line`,
      starts_at: '2027-01-02T03:04:05+00:00',
      updated_at: '2026-11-27T00:00:00+00:00',
      link_url: null,
      place: 'Room 4; Floor 2',
    })
    expect(ics.endsWith('\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    }
    const lines = unfold(ics)
    expect(lines).toContain('SUMMARY:A\\, b\\; c\\\\d')
    expect(lines).toContain('DTSTART:20270102T030405Z')
    expect(lines).toContain('LOCATION:Room 4\\; Floor 2')
    expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toMatch(/\\nand a second line$/)
  })
})

describe('/events/<id>.ics', () => {
  it('serves the seeded Q&A as a calendar file on SITE_URL', async () => {
    const id = await qaId()
    const res = await rawRequest(`${server.url}/events/${id}.ics`, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="rent-due-event-${id}.ics"`,
    )
    const ics = res.body.toString('utf8')
    expect(ics).not.toContain('evil.example')
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = unfold(ics)
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Rent Due//Events//EN',
      'CALSCALE:GREGORIAN',
      'BEGIN:VEVENT',
    ])
    expect(lines).toContain(`UID:event-${id}@rentdue.example`)
    // 7 PM in New York on 9/6/2025 (daylight time) is 23:00 UTC.
    expect(lines).toContain('DTSTART:20250906T230000Z')
    expect(lines).toContain('SUMMARY:Meet the Cast: Virtual Q&A')
    expect(lines).toContain(
      "DESCRIPTION:Dez\\, Rosie\\, Tubbs and Bertha's voices answer your questions live. Seats are limited.",
    )
    expect(lines).toContain('LOCATION:Online: the link comes by e-mail')
    expect(lines).toContain(`URL:${SITE}/news`)
    expect(lines.find((l) => l.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/)
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', ''])
  })

  it('a malformed id is a 400, an unknown one a 404', async () => {
    for (const file of ['abc.ics', '0.ics', '01.ics', '-1.ics', '1234567890123456789.ics']) {
      const res = await fetch(`${server.url}/events/${file}`)
      expect(res.status, file).toBe(400)
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    }
    const res = await fetch(`${server.url}/events/999999999999.ics`)
    expect(res.status).toBe(404)
    expect(await res.text()).toBe('There is no such event.\n')
    // Not a calendar file: the site's not-found answer, not the calendar's.
    const other = await fetch(`${server.url}/events/1.ical`)
    expect(other.status).toBe(404)
    expect(await other.text()).not.toBe('There is no such event.\n')
  })

  it('a failed read is a 503 with Retry-After, not a calendar', async () => {
    const id = await qaId()
    await whileAnonCannotRead(server, 'events', async () => {
      const res = await fetch(`${server.url}/events/${id}.ics`)
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('30')
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.text()).not.toContain('BEGIN:VCALENDAR')
    })
  })
})
