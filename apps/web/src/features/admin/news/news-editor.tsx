// The add/edit form of a news item with a live preview of the site's row. Validation mirrors the
// table's CHECKs (news-schema.ts); the database stays the authority and its refusals are toasted
// by the view's action, which `onSave` runs.
import { useWatch } from 'react-hook-form'
import { FormField } from '../../../ui/form-field'
import { EditorActions, LimitedTextField, useAdminEditor } from '../shared/admin-editor'
import { NewsPreview } from './news-preview'
import {
  HEADLINE_MAX,
  newsSchema,
  SUMMARY_MAX,
  todayIso,
  type NewsRow,
  type NewsValues,
} from './news-schema'

type NewsEditorProps = {
  /** The item being edited, or null for a new one. */
  editing: NewsRow | null
  /** Saves through the view's action; resolves true when saved. */
  onSave: (values: NewsValues) => Promise<boolean>
  onCancelEdit: () => void
}

function valuesOf(row: NewsRow | null): NewsValues {
  if (!row) return { date: todayIso(), headline: '', summary: '', pinned: false }
  return { date: row.date, headline: row.headline, summary: row.summary, pinned: row.pinned }
}

export function NewsEditor({ editing, onSave, onCancelEdit }: NewsEditorProps) {
  const { form, register, control, errors, busy, heading, submit } = useAdminEditor({
    schema: newsSchema,
    editing,
    valuesOf,
    onSave,
  })
  const values = useWatch({ control })

  return (
    <section className="admin-content__part news-editor" aria-labelledby="news-editor-heading">
      <h3 id="news-editor-heading" ref={heading} tabIndex={-1} className="admin-subtitle">
        {editing ? 'Edit news item' : 'Add a news item'}
      </h3>
      <div className="news-editor__grid">
        <form className="form" noValidate aria-labelledby="news-editor-heading" onSubmit={submit}>
          <FormField label="Date" required error={errors.date?.message}>
            {(aria) => <input {...aria} {...register('date')} type="date" />}
          </FormField>
          <LimitedTextField form={form} name="headline" label="Headline" max={HEADLINE_MAX} />
          <LimitedTextField form={form} name="summary" label="Summary" max={SUMMARY_MAX} rows={5} />
          <label className="admin-check">
            <input type="checkbox" {...register('pinned')} />
            Pin it: show it in the Pinned section of Home and News too
          </label>
          <EditorActions
            editing={editing !== null}
            busy={busy}
            addLabel="Publish"
            onCancelEdit={onCancelEdit}
          />
        </form>
        <div className="news-editor__preview">
          <p className="admin-label" id="news-preview-label">
            Preview on the site
          </p>
          <NewsPreview
            date={values.date ?? ''}
            headline={values.headline ?? ''}
            summary={values.summary ?? ''}
          />
        </div>
      </div>
    </section>
  )
}
