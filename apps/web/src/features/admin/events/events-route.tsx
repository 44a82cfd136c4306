// /admin/events: the events the site pins above the news (the cast Q&A first of them): add,
// edit, move, pin, unpin and delete. Rights come from the admin's token and the table's RLS; the
// site shows a change on its next page load.
import { useRef, useState } from 'react'
import { settle, type ReadResult } from '../../../lib/read-result'
import { toast } from '../../../ui/toast'
import { adminAction, adminLoader, useAdminData } from '../shared/admin-route'
import { AdminSection } from '../shared/admin-section'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { RowActions } from '../shared/row-actions'
import { useAdminAction } from '../shared/use-admin-action'
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

async function announce(doing: string, write: () => Promise<void>, done: () => void) {
  try {
    await write()
  } catch (error) {
    toast.error(`${doing}: ${(error as Error).message}`)
    throw error
  }
  done()
}

export const action = adminAction({
  save: (p) => {
    const values = p.values as EventInput
    const id = typeof p.id === 'number' ? p.id : undefined
    return announce(
      'The event was not saved',
      () => saveEvent(values, id),
      () => toast.success(id === undefined ? 'Event added' : 'Saved', values.title),
    )
  },
  pin: (p) =>
    announce(
      p.pinned ? 'The event was not pinned' : 'The event was not unpinned',
      () => pinEvent(Number(p.id), Boolean(p.pinned)),
      () => toast.success(p.pinned ? 'Pinned' : 'Unpinned', String(p.title)),
    ),
  delete: (p) =>
    announce(
      'The event was not deleted',
      () => deleteEvent(Number(p.id)),
      () => toast.success('Deleted', String(p.title)),
    ),
})

function signupLabel(value: string): string {
  return SIGNUP_FORMS.find((f) => f.value === value)?.label ?? value
}

export function Component() {
  const { events } = useAdminData<EventsData>()
  const [editing, setEditing] = useState<EventRow | null>(null)
  const [deleting, setDeleting] = useState<EventRow | null>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const write = useAdminAction()
  const rows = events.status === 'ready' ? events.data : []

  const save = async (values: EventInput) => {
    const result = await write.run({ intent: 'save', values, id: editing?.id })
    if (!result.ok) return false
    setEditing(null)
    return true
  }

  const remove = async () => {
    if (!deleting) return
    const result = await write.run({ intent: 'delete', id: deleting.id, title: deleting.title })
    if (!result.ok) throw new Error(result.error)
    if (editing?.id === deleting.id) setEditing(null)
    listHeading.current?.focus()
  }

  return (
    <AdminSection
      id="events"
      title="Events"
      className="admin-content"
      intro="Events such as the cast Q&A. Pinned ones show above the news on Home and News, soonest first."
    >
      <EventEditor editing={editing} onSave={save} onCancelEdit={() => setEditing(null)} />
      <section className="admin-content__part" aria-labelledby="event-list-heading">
        <h3 id="event-list-heading" ref={listHeading} tabIndex={-1} className="admin-subtitle">
          Events{events.status === 'ready' ? ` (${rows.length})` : ''}
        </h3>
        {events.status !== 'ready' && (
          <p className="admin-error" role="alert">
            The events could not be loaded. Reload the page to try again.
          </p>
        )}
        {events.status === 'ready' && rows.length === 0 && (
          <p className="admin-empty">No events yet. Add the first one above.</p>
        )}
        {rows.length > 0 && (
          <ul className="admin-list" aria-label="Events">
            {rows.map((row) => (
              <li key={row.id} className="admin-list__item">
                <div className="admin-list__main">
                  <p className="admin-list__meta">
                    <time dateTime={row.starts_at}>
                      {describeStart(row.starts_at, row.time_zone)}
                    </time>
                    {row.pinned && <span className="admin-badge">Pinned</span>}
                  </p>
                  <p className="admin-list__title">{row.title}</p>
                  <p className="admin-list__text">{row.summary}</p>
                  <p className="admin-list__text">
                    {[row.place, row.link_url].filter(Boolean).join(' · ')}
                    {' · '}Sign-up: {signupLabel(row.signup_form)}
                  </p>
                </div>
                <RowActions
                  label={`Actions for ${row.title}`}
                  actions={[
                    { label: 'Edit', name: `Edit ${row.title}`, onSelect: () => setEditing(row) },
                    {
                      label: row.pinned ? 'Unpin' : 'Pin',
                      name: `${row.pinned ? 'Unpin' : 'Pin'} ${row.title}`,
                      disabled: write.busy,
                      onSelect: () =>
                        void write.run({
                          intent: 'pin',
                          id: row.id,
                          pinned: !row.pinned,
                          title: row.title,
                        }),
                    },
                    {
                      label: 'Delete',
                      name: `Delete ${row.title}`,
                      onSelect: () => setDeleting(row),
                    },
                  ]}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this event?"
        description={deleting ? `“${deleting.title}” will be removed from the site.` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={remove}
      />
    </AdminSection>
  )
}
