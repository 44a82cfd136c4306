// An event as a pinned notice on the corkboard: 'Pinned' and its date, the title, what it is,
// where (a place, or a link to join), and the card's action (a sign-up dialog's button). The
// News and Home pages show the team's pinned events with it; the admin console previews an event
// being written with the very same component.
import type { ReactNode } from 'react'
import { useId } from 'react'
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
      {action}
    </article>
  )
}
