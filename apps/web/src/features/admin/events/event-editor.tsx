// Add or edit an event: what it is, when (a day and a time on the clocks of a time zone, the
// team member's own by default), where (a place, a link, or both), which sign-up form its card
// opens, and whether it is pinned. The site's own notice previews it as it will look.
import { useMemo } from 'react'
import { useWatch } from 'react-hook-form'
import { EventNotice } from '../../../ui/event-notice'
import { FormField } from '../../../ui/form-field'
import { EditorActions, LimitedTextField, useAdminEditor } from '../shared/admin-editor'
import { localTimeZone } from '../shared/admin-date'
import type { EventInput, EventRow } from './api/events'
import {
  eventSchema,
  PLACE_MAX,
  SIGNUP_FORMS,
  SUMMARY_MAX,
  TITLE_MAX,
  type EventValues,
} from './event-schema'
import { instantToZoned, timeZoneChoices, zonedToInstant } from './zoned-time'

type EventEditorProps = {
  editing: EventRow | null
  /** Saves through the view's action; resolves true when saved. */
  onSave: (values: EventInput) => Promise<boolean>
  onCancelEdit: () => void
}

function valuesOf(row: EventRow | null): EventValues {
  if (!row) {
    return {
      title: '',
      summary: '',
      date: '',
      time: '19:00',
      time_zone: localTimeZone(),
      place: '',
      link_url: '',
      signup_form: 'none',
      pinned: true,
    }
  }
  return {
    title: row.title,
    summary: row.summary,
    ...instantToZoned(row.starts_at, row.time_zone),
    time_zone: row.time_zone,
    place: row.place ?? '',
    link_url: row.link_url ?? '',
    signup_form: row.signup_form,
    pinned: row.pinned,
  }
}

export function toEventInput(v: EventValues): EventInput {
  return {
    title: v.title,
    summary: v.summary,
    starts_at: zonedToInstant(v, v.time_zone),
    time_zone: v.time_zone,
    place: v.place || null,
    link_url: v.link_url || null,
    signup_form: v.signup_form,
    pinned: v.pinned,
  }
}

export function EventEditor({ editing, onSave, onCancelEdit }: EventEditorProps) {
  const zones = useMemo(() => timeZoneChoices(localTimeZone()), [])
  const { form, register, control, errors, busy, heading, submit } = useAdminEditor({
    schema: eventSchema,
    editing,
    valuesOf,
    onSave: (values: EventValues) => onSave(toEventInput(values)),
  })
  const v = useWatch({ control })

  return (
    <section className="admin-content__part news-editor" aria-labelledby="event-editor-heading">
      <h3 id="event-editor-heading" ref={heading} tabIndex={-1} className="admin-subtitle">
        {editing ? 'Edit event' : 'Add an event'}
      </h3>
      <div className="news-editor__grid">
        <form className="form" noValidate aria-labelledby="event-editor-heading" onSubmit={submit}>
          <LimitedTextField form={form} name="title" label="Title" max={TITLE_MAX} />
          <LimitedTextField
            form={form}
            name="summary"
            label="What it is"
            max={SUMMARY_MAX}
            rows={3}
          />
          <div className="event-form__when">
            <FormField label="Day" required error={errors.date?.message}>
              {(aria) => <input {...aria} {...register('date')} type="date" />}
            </FormField>
            <FormField label="Time" required error={errors.time?.message}>
              {(aria) => <input {...aria} {...register('time')} type="time" />}
            </FormField>
          </div>
          <FormField
            label="Time zone"
            required
            hint="Where the time above is on the clocks. Yours is first."
            error={errors.time_zone?.message}
          >
            {(aria) => (
              <select {...aria} {...register('time_zone')}>
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            label="Place"
            hint={`Where it happens, up to ${PLACE_MAX} characters; a place, a link or both.`}
            error={errors.place?.message}
          >
            {(aria) => <input {...aria} {...register('place')} autoComplete="off" />}
          </FormField>
          <FormField
            label="Link to join"
            hint="An https:// link, for an event online."
            error={errors.link_url?.message}
          >
            {(aria) => <input {...aria} {...register('link_url')} type="url" autoComplete="off" />}
          </FormField>
          <FormField label="Sign-up form" required hint="What the card’s button opens.">
            {(aria) => (
              <select {...aria} {...register('signup_form')}>
                {SIGNUP_FORMS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <label className="admin-check">
            <input type="checkbox" {...register('pinned')} />
            Pinned: show it above the news on Home and News
          </label>
          <EditorActions
            editing={editing !== null}
            busy={busy}
            addLabel="Add event"
            onCancelEdit={onCancelEdit}
          />
        </form>
        <div className="news-editor__preview">
          <p className="admin-label">Preview on the site</p>
          <EventNotice
            label="Preview of the event"
            title={v.title?.trim() || 'Your event'}
            summary={v.summary?.trim() || 'What it is.'}
            localStart={v.date ? `${v.date}T${v.time || '00:00'}:00` : 'No day yet'}
            place={v.place?.trim() || null}
            linkUrl={v.link_url?.trim() || null}
            action={
              v.signup_form === 'audience_signups' ? (
                <span className="btn btn--primary" aria-hidden="true">
                  Save my seat
                </span>
              ) : null
            }
          />
        </div>
      </div>
    </section>
  )
}
