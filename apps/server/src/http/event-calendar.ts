// /events/<id>.ics: an event as an iCalendar file (RFC 5545) that a fan's calendar imports.
// The event is read as a visitor reads it, through the API in-process with the anon key, so row
// level security decides what is served. Every URL in the file is on SITE_URL, never the Host.
// Another name under /events/ is the site's 404 page; a malformed id is a 400, an id with no
// event a 404, a failed read a 503 with Retry-After: never a 500 and never an empty calendar.
import type { FastifyInstance } from 'fastify'
import { readRows, ReadFailed } from './api-rows.js'
import { NO_STORE, PUBLIC_PAGE } from './page-server.js'
import { inProcessFetch } from './server-render.js'
import { z } from 'zod'
import { anyQuery } from './route-schemas.js'

/** `/events/<id>.ics`; anything else under /events/ is the site's not-found page. */
const calendarSchema = { params: z.object({ file: z.string() }), querystring: anyQuery }

export interface EventCalendarOptions {
  siteUrl: string
  anonKey: string
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
  const plain = (code: number, text: string, extra: Record<string, string> = {}) => ({
    code,
    text,
    headers: { 'Cache-Control': NO_STORE, ...extra },
  })

  /** The file for `file`, or the plain answer that says why there is none. */
  const answer = async (file: string, visitor: string) => {
    const match = ID_FILE.exec(file)
    if (!match) return plain(400, 'That is not an event’s calendar file.\n')
    const id = match[1]!
    // As the visitor: any id can be asked for, so the read counts against their own share.
    const [event] = await readRows(
      inProcessFetch(app, visitor),
      `${opts.siteUrl}/rest/v1/events?select=id,title,summary,starts_at,updated_at,link_url,place&id=eq.${id}`,
      opts.anonKey,
      isEventRows,
      'the event',
    )
    return event ? { id, event } : plain(404, 'There is no such event.\n')
  }

  const schema = calendarSchema
  app.get<{ Params: { file: string } }>('/events/:file', { schema }, async (request, reply) => {
    // Not a calendar file: the site's own "not found" page, as for any unknown address.
    if (!request.params.file.endsWith('.ics')) return reply.callNotFound()
    let found: Awaited<ReturnType<typeof answer>>
    try {
      found = await answer(request.params.file, request.ip)
    } catch (error) {
      if (!(error instanceof ReadFailed)) throw error
      request.log.warn({ err: error }, 'an event’s calendar file could not be read')
      found = plain(503, 'The event is briefly unavailable. Please try again in a moment.\n', {
        'Retry-After': '30',
      })
    }
    if ('code' in found) {
      return reply
        .code(found.code)
        .headers(found.headers)
        .type('text/plain; charset=utf-8')
        .send(found.text)
    }
    return reply
      .header('Cache-Control', PUBLIC_PAGE)
      .header('Content-Disposition', `attachment; filename="rent-due-event-${found.id}.ics"`)
      .type('text/calendar; charset=utf-8')
      .send(eventIcs(opts.siteUrl, found.event))
  })
}
