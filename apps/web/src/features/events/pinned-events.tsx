// The team's pinned events as notices, each with the action its sign-up form calls for (given by
// the page: features do not import each other). A failed read says so in the notices' place.
import type { ReactNode } from 'react'
import type { ReadResult } from '../../lib/read-result'
import { EventNotice } from '../../ui/event-notice'
import type { PinnedEvent } from './api/fetch-pinned-events'

type PinnedEventsProps = {
  events: ReadResult<PinnedEvent[]>
  /** The card's action for an event, by its sign-up form. */
  actionFor: (event: PinnedEvent) => ReactNode
}

export function PinnedEvents({ events, actionFor }: PinnedEventsProps) {
  if (events.status !== 'ready') {
    return (
      <p className="pinned-failed">
        {events.status === 'unavailable'
          ? 'Pinned events are back in a moment.'
          : 'The pinned events could not be loaded.'}
      </p>
    )
  }
  return events.data.map((event) => (
    <EventNotice
      key={event.id}
      title={event.title}
      summary={event.summary}
      localStart={event.local_start}
      place={event.place}
      linkUrl={event.link_url}
      event={{ id: event.id, startsAt: event.starts_at, timeZone: event.time_zone }}
      action={actionFor(event)}
    />
  ))
}
