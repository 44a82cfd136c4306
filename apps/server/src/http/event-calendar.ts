// /events/<id>.ics: an event as an iCalendar file (RFC 5545) that a fan's calendar imports.
// The event is read as a visitor reads it, through the API in-process with the anon key, so row
// level security decides what is served. Every URL in the file is on SITE_URL, never the Host.
// Another name under /events/ is the site's 404 page; a malformed id is a 400, an id with no
// event a 404, a failed read a 503 with Retry-After: never a 500 and never an empty calendar.
import type { FastifyInstance } from 'fastify'
import { NO_STORE, PUBLIC_PAGE } from './page-server.js'
import type { PageReads } from './page-reads.js'
import { pageFetch } from './server-render.js'

export interface EventCalendarOptions {
  siteUrl: string
  anonKey: string
  pageReads: PageReads
  readTimeoutMs: number
}

export interface CalendarEvent {
  id: number | string
  title: string
  summary: string
  starts_at: string
  updated_at: string
  link_url: string | null
  place: string | null
}

/** A positive bigint id as the path names it, without leading zeros: at most 18 digits. */
const ID_FILE = /^([1-9][0-9]{0,17})\.ics$/

/** TEXT as RFC 5545 wants it: backslash, semicolon, comma and newlines escaped. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/**
 * A content line folded at 75 octets (continuations start with one space, which counts), never
 * inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  let limit = 75
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8')
    if (octets + size > limit) {
      parts.push(current)
      current = ' '
      octets = 1
      limit = 75
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n')
}

/** '2025-09-06T23:00:00.000Z' → '20250906T230000Z'. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** The iCalendar file of `event`, whose page is on `siteUrl`. */
export function eventIcs(siteUrl: string, event: CalendarEvent): string {
  const host = new URL(siteUrl).host
  const url = event.link_url ?? `${siteUrl}/news`
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rent Due//Events//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${host}`,
    `DTSTAMP:${icsUtc(new Date(event.updated_at))}`,
    `DTSTART:${icsUtc(new Date(event.starts_at))}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.place ?? event.link_url ?? '')}`,
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join('\r\n') + '\r\n'
}

class EventReadFailed extends Error {}

function isEventRows(value: unknown): value is CalendarEvent[] {
  return (
    Array.isArray(value) &&
    value.every((row: unknown) => {
      if (typeof row !== 'object' || row === null) return false
      const r = row as Record<string, unknown>
      return (
        typeof r.title === 'string' &&
        typeof r.summary === 'string' &&
        typeof r.starts_at === 'string' &&
        !Number.isNaN(Date.parse(r.starts_at)) &&
        typeof r.updated_at === 'string' &&
        !Number.isNaN(Date.parse(r.updated_at)) &&
        (r.link_url === null || typeof r.link_url === 'string') &&
        (r.place === null || typeof r.place === 'string')
      )
    })
  )
}

export function registerEventCalendar(app: FastifyInstance, opts: EventCalendarOptions): void {
  const readEvent = async (id: string): Promise<CalendarEvent | undefined> => {
    const fetch = pageFetch(app, {
      pageReads: opts.pageReads,
      readTimeoutMs: opts.readTimeoutMs,
      onRead: () => undefined,
    })
    const response = await fetch(
      `${opts.siteUrl}/rest/v1/events?select=id,title,summary,starts_at,updated_at,link_url,place&id=eq.${id}`,
      { headers: { apikey: opts.anonKey, authorization: `Bearer ${opts.anonKey}` } },
    ).catch(() => undefined)
    if (!response?.ok) {
      throw new EventReadFailed(`reading the event answered ${response?.status ?? 'nothing'}`)
    }
    const rows: unknown = await response.json().catch(() => undefined)
    if (!isEventRows(rows)) throw new EventReadFailed('the event came back malformed')
    return rows[0]
  }

  const plain = (code: number, text: string, extra: Record<string, string> = {}) => ({
    code,
    text,
    headers: { 'Cache-Control': NO_STORE, ...extra },
  })

  app.get<{ Params: { file: string } }>('/events/:file', async (request, reply) => {
    // Not a calendar file: the site's own "not found" page, as for any unknown address.
    if (!request.params.file.endsWith('.ics')) return reply.callNotFound()
    const match = ID_FILE.exec(request.params.file)
    let answer: ReturnType<typeof plain> | undefined
    let event: CalendarEvent | undefined
    if (!match) {
      answer = plain(400, 'That is not an event’s calendar file.\n')
    } else {
      try {
        event = await readEvent(match[1]!)
        if (!event) answer = plain(404, 'There is no such event.\n')
      } catch (error) {
        if (!(error instanceof EventReadFailed)) throw error
        request.log.warn({ err: error }, 'an event’s calendar file could not be read')
        answer = plain(503, 'The event is briefly unavailable. Please try again in a moment.\n', {
          'Retry-After': '30',
        })
      }
    }
    if (answer || !event) {
      const { code, text, headers } = answer ?? plain(404, 'There is no such event.\n')
      return reply.code(code).headers(headers).type('text/plain; charset=utf-8').send(text)
    }
    return reply
      .header('Cache-Control', PUBLIC_PAGE)
      .header('Content-Disposition', `attachment; filename="rent-due-event-${match![1]}.ics"`)
      .type('text/calendar; charset=utf-8')
      .send(eventIcs(opts.siteUrl, event))
  })
}
