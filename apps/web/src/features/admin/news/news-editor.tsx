// The add/edit form of a news item with a live preview of the site's row. Validation mirrors the
// table's CHECKs (news-schema.ts); the database stays the authority and its refusals are toasted
// by the view's action, which `onSave` runs.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { FormField } from '../../../ui/form-field'
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

function blank(): NewsValues {
  return { date: todayIso(), headline: '', summary: '', pinned: false }
}

export function NewsEditor({ editing, onSave, onCancelEdit }: NewsEditorProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NewsValues>({ resolver: zodResolver(newsSchema), defaultValues: blank() })
  const values = useWatch({ control })

  // Editing another item (or going back to a new one) refills the form and brings focus to it.
  useEffect(() => {
    reset(
      editing
        ? {
            date: editing.date,
            headline: editing.headline,
            summary: editing.summary,
            pinned: editing.pinned,
          }
        : blank(),
    )
    if (editing) heading.current?.focus()
  }, [editing, reset])

  const onSubmit = async (data: NewsValues) => {
    if ((await onSave(data)) && !editing) reset(blank())
  }

  return (
    <section className="admin-content__part news-editor" aria-labelledby="news-editor-heading">
      <h3 id="news-editor-heading" ref={heading} tabIndex={-1} className="admin-subtitle">
        {editing ? 'Edit news item' : 'Add a news item'}
      </h3>
      <div className="news-editor__grid">
        <form
          className="form"
          noValidate
          aria-labelledby="news-editor-heading"
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        >
          <FormField label="Date" required error={errors.date?.message}>
            {(aria) => <input {...aria} {...register('date')} type="date" />}
          </FormField>
          <FormField
            label="Headline"
            required
            hint={`Up to ${HEADLINE_MAX} characters.`}
            error={errors.headline?.message}
          >
            {(aria) => <input {...aria} {...register('headline')} autoComplete="off" />}
          </FormField>
          <FormField
            label="Summary"
            required
            hint={`Up to ${SUMMARY_MAX} characters.`}
            error={errors.summary?.message}
          >
            {(aria) => <textarea {...aria} {...register('summary')} rows={5} />}
          </FormField>
          <label className="admin-check">
            <input type="checkbox" {...register('pinned')} />
            Pin it: show it in the Pinned section of Home and News too
          </label>
          <div className="admin-actions">
            <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Save changes' : 'Publish'}
            </button>
            {editing && (
              <button type="button" className="btn btn--secondary" onClick={onCancelEdit}>
                Cancel editing
              </button>
            )}
          </div>
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
