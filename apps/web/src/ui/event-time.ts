// An event's start in words: where it happens (the same on the server and in the browser, so the
// page hydrates as it was sent), in the visitor's own zone (only the browser knows it), how long
// until it starts, and the links that put it in a calendar. English, as the whole site is.

/** An event's day and time in words: 'Sat, Sep 6, 2025, 7:00 PM' (the zone is added by the caller). */
export const PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
}

/** ICU writes a narrow no-break space before AM/PM in some versions and a space in others. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ')
}

function zoneAbbreviation(date: Date, timeZone: string | undefined): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(
    date,
  )
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? ''
}

/** 'America/New_York' → 'New York'; 'UTC' stays. */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ')
}

/** 'Sat, Sep 6, 2025, 7:00 PM EDT (New York time)': the start where the event happens. */
export function eventZoneStart(iso: string, timeZone: string): string {
  const date = new Date(iso)
  try {
    const text = new Intl.DateTimeFormat('en-US', { ...PARTS, timeZone }).format(date)
    return plainSpaces(`${text} ${zoneAbbreviation(date, timeZone)} (${zoneCity(timeZone)} time)`)
  } catch {
    // A zone this runtime does not know: the instant in UTC rather than nothing.
    const text = new Intl.DateTimeFormat('en-US', { ...PARTS, timeZone: 'UTC' }).format(date)
    return plainSpaces(`${text} UTC`)
  }
}

/** 'Sat, Sep 6, 2025, 4:00 PM in your time (PDT)': the start in `timeZone` (the visitor's). */
export function visitorStart(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  const text = new Intl.DateTimeFormat('en-US', { ...PARTS, timeZone }).format(date)
  return plainSpaces(`${text} in your time (${zoneAbbreviation(date, timeZone)})`)
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}

/** 'Starts in 3 days' / '5 hours' / '12 minutes'; undefined once it has started. */
export function countdown(iso: string, now: number): string | undefined {
  const left = Date.parse(iso) - now
  if (!(left > 0)) return undefined
  if (left >= DAY) return `Starts in ${count(Math.floor(left / DAY), 'day')}`
  if (left >= HOUR) return `Starts in ${count(Math.floor(left / HOUR), 'hour')}`
  return `Starts in ${count(Math.max(1, Math.ceil(left / MINUTE)), 'minute')}`
}

/** '2025-09-06T23:00:00Z' → '20250906T230000Z', as calendars write instants. */
export function calendarUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** The event's calendar file on this site. */
export function icsPath(id: number | string): string {
  return `/events/${id}.ics`
}

/**
 * A Google Calendar link that opens the event ready to save. Google needs an end: an hour after
 * the start, as events here have no end of their own.
 */
export function googleCalendarUrl(event: {
  title: string
  summary: string
  startsAt: string
  place: string | null
  linkUrl: string | null
}): string {
  const start = new Date(event.startsAt)
  const end = new Date(start.getTime() + HOUR)
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${calendarUtc(start)}/${calendarUtc(end)}`,
    details: event.summary,
    location: event.place ?? event.linkUrl ?? '',
  })
  return `https://calendar.google.com/calendar/render?${params.toString()}`
}
