// /admin/events: the events the site pins above the news (the cast Q&A first of them): add,
// edit, move, pin, unpin and delete. Rights come from the admin's token and the table's RLS; the
// site shows a change on its next page load.
import { settle, type ReadResult } from '../../../lib/read-result'
import { AdminListPart, DeleteRowDialog, EditableRowActions } from '../shared/admin-list'
import { adminAction, adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { rowWrites } from '../shared/row-writes'
import { useListEditing } from '../shared/use-list-editing'
import {
  deleteEvent,
  listEvents,
  pinEvent,
  saveEvent,
  type EventInput,
  type EventRow,
} from './api/events'
import { EventEditor } from './event-editor'
import { SIGNUP_FORMS } from './event-schema'
import { describeStart } from './zoned-time'
import '../news/admin-content.css'

type EventsData = { events: ReadResult<EventRow[]> }

export const loader = adminLoader(async (): Promise<EventsData> => ({
  events: await settle('the events', listEvents),
}))

export const action = adminAction(
  rowWrites<EventInput>({
    noun: 'The event',
    nameKey: 'title',
    added: 'Event added',
    save: saveEvent,
    pin: pinEvent,
    remove: deleteEvent,
  }),
)

function signupLabel(value: string): string {
  return SIGNUP_FORMS.find((f) => f.value === value)?.label ?? value
}

export function Component() {
  const { events } = useAdminData<EventsData>()
  const { editing, setEditing, deleting, setDeleting, listHeading, save, remove, pinOf } =
    useListEditing<EventRow, EventInput>({ names: (row) => ({ title: row.title }) })
  const rows = events.status === 'ready' ? events.data : []

  return (
    <AdminSection
      id="events"
      title="Events"
      className="admin-content"
      intro="Events such as the cast Q&A. Pinned ones show above the news on Home and News, soonest first."
    >
      <EventEditor editing={editing} onSave={save} onCancelEdit={() => setEditing(null)} />
      <AdminListPart
        headingId="event-list-heading"
        headingRef={listHeading}
        heading={`Events${events.status === 'ready' ? ` (${rows.length})` : ''}`}
        failed={events.status === 'ready' ? null : 'The events'}
        empty={<p className="admin-empty">No events yet. Add the first one above.</p>}
        listLabel="Events"
        rows={rows.map((row) => (
          <li key={row.id} className="admin-list__item">
            <div className="admin-list__main">
              <p className="admin-list__meta">
                <time dateTime={row.starts_at}>{describeStart(row.starts_at, row.time_zone)}</time>
                {row.pinned && <span className="admin-badge">Pinned</span>}
              </p>
              <p className="admin-list__title">{row.title}</p>
              <p className="admin-list__text">{row.summary}</p>
              <p className="admin-list__text">
                {[row.place, row.link_url].filter(Boolean).join(' · ')}
                {' · '}Sign-up: {signupLabel(row.signup_form)}
              </p>
            </div>
            <EditableRowActions
              name={row.title}
              onEdit={() => setEditing(row)}
              onDelete={() => setDeleting(row)}
              pin={pinOf(row)}
            />
          </li>
        ))}
      />
      <DeleteRowDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title="Delete this event?"
        describe={(row) => `“${row.title}” will be removed from the site.`}
        onConfirm={remove}
      />
    </AdminSection>
  )
}
