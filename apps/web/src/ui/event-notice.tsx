// An event as a pinned notice on the corkboard: 'Pinned' and its date, the title, what it is,
// where (a place, or a link to join), and the card's action (a sign-up dialog's button). The
// News and Home pages show the team's pinned events with it; the admin console previews an event
// being written with the very same component.
//
// A stored event's card also says when it starts: where it happens (rendered on the server), in
// the visitor's own time zone and how long until then (filled in once the page runs in the
// browser, the only place that knows the zone and the time; their lines are kept free so nothing
// moves), 'Past event' once it has started, and links that put it in a calendar.
import type { ReactNode } from 'react'
import { useId, useSyncExternalStore } from 'react'
import { countdown, eventZoneStart, googleCalendarUrl, icsPath, visitorStart } from './event-time'
import './event-notice.css'

export type EventNoticeProps = {
  title: string
  summary: string
  /** The start as a wall-clock time where the event happens: '2025-09-06T19:00:00'. */
  localStart: string
  place: string | null
  linkUrl: string | null
  /** The card's action, e.g. the Q&A sign-up dialog's button. */
  action?: ReactNode
  /** The article's accessible name; by default its title. */
  label?: string
  className?: string
  /** A stored event: its id, start (an instant) and time zone. Without it, only the date shows. */
  event?: { id: number; startsAt: string; timeZone: string }
}

/** '2025-09-06T19:00:00' → '9/6/2025' (the spec's date style), without any time zone data. */
export function shortEventDate(localStart: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(localStart)
  if (!m) return localStart
  return `${Number(m[2])}/${Number(m[3])}/${m[1]}`
}

/** Only https links go into href (the database also enforces this). */
function safeLink(url: string | null): string | undefined {
  return url && url.startsWith('https://') ? url : undefined
}

export function EventNotice({
  title,
  summary,
  localStart,
  place,
  linkUrl,
  action,
  label,
  className,
  event,
}: EventNoticeProps) {
  const id = useId()
  const link = safeLink(linkUrl)
  return (
    <article
      className={['form-card', 'notice', 'event-notice', className].filter(Boolean).join(' ')}
      aria-label={label}
      aria-labelledby={label ? undefined : id}
    >
      <span className="notice__pin" aria-hidden="true" />
      <p className="form-card__meta">
        <span className="form-card__pinned">Pinned</span>{' '}
        <time dateTime={localStart.slice(0, 10)}>{shortEventDate(localStart)}</time>
      </p>
      <h3 id={id} className="form-card__title">
        {title}
      </h3>
      <p>{summary}</p>
      {(place || link) && (
        <p className="event-notice__where">
          {place}
          {place && link && ' · '}
          {link && (
            <a href={link} rel="noopener noreferrer" target="_blank">
              Join online
            </a>
          )}
        </p>
      )}
      {event && (
        <EventWhen event={event} title={title} summary={summary} place={place} linkUrl={link} />
      )}
      {action}
    </article>
  )
}

// The time now, kept by the minute for every card (one timer however many cards there are).
// The server, and the browser while it hydrates the server's HTML, have no time: null.
let minuteNow = 0
let minuteTimer: number | undefined
const minuteListeners = new Set<() => void>()

function subscribeMinute(listener: () => void): () => void {
  minuteListeners.add(listener)
  if (minuteTimer === undefined) {
    minuteNow = Date.now()
    minuteTimer = window.setInterval(() => {
      minuteNow = Date.now()
      for (const l of minuteListeners) l()
    }, 60_000)
  }
  return () => {
    minuteListeners.delete(listener)
    if (minuteListeners.size === 0) {
      window.clearInterval(minuteTimer)
      minuteTimer = undefined
    }
  }
}

function minuteSnapshot(): number {
  // The same value until the minute passes: React asks for it more than once per render.
  if (minuteNow === 0) minuteNow = Date.now()
  return minuteNow
}

/** The time now, once the page runs in the browser (never on the server), then each minute. */
function useMinuteClock(): number | null {
  return useSyncExternalStore(subscribeMinute, minuteSnapshot, () => null)
}

type EventWhenProps = {
  event: NonNullable<EventNoticeProps['event']>
  title: string
  summary: string
  place: string | null
  linkUrl: string | undefined
}

function EventWhen({ event, title, summary, place, linkUrl }: EventWhenProps) {
  const now = useMinuteClock()
  const start = new Date(event.startsAt)
  if (Number.isNaN(start.getTime())) return null
  const iso = start.toISOString()
  const left = now === null ? undefined : countdown(iso, now)
  return (
    <>
      <div className="event-notice__when">
        <p>
          <time dateTime={iso}>{eventZoneStart(iso, event.timeZone)}</time>
        </p>
        <p className="event-notice__yours">
          {now !== null && <time dateTime={iso}>{visitorStart(iso)}</time>}
        </p>
        <p className="event-notice__status">
          {now !== null && (left ?? <span className="event-notice__past">Past event</span>)}
        </p>
      </div>
      <p className="event-notice__calendar">
        <a href={icsPath(event.id)} download>
          Add to calendar
        </a>
        <a
          href={googleCalendarUrl({
            title,
            summary,
            startsAt: iso,
            place,
            linkUrl: linkUrl ?? null,
          })}
          target="_blank"
          rel="noopener noreferrer"
        >
          Google Calendar
        </a>
      </p>
    </>
  )
}
