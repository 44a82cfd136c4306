// Write or edit a newsletter draft: subject, the body in Markdown, who gets it and the throttle,
// with the preview beside it. Validation mirrors the table's CHECKs (newsletter-schema.ts); the
// database stays the authority and its refusals are toasted by the view's action.
import { useWatch } from 'react-hook-form'
import { FormField } from '../../../ui/form-field'
import { EditorActions, LimitedTextField, useAdminEditor } from '../shared/admin-editor'
import { NewsletterPreview } from './newsletter-preview'
import {
  AUDIENCES,
  BODY_MAX,
  newsletterSchema,
  PER_MINUTE_DEFAULT,
  PER_MINUTE_MAX,
  PER_MINUTE_MIN,
  SUBJECT_MAX,
  type NewsletterValues,
  type SendRow,
} from './newsletter-schema'

type NewsletterEditorProps = {
  editing: SendRow | null
  onSave: (values: NewsletterValues) => Promise<boolean>
  onCancelEdit: () => void
}

function valuesOf(row: SendRow | null): NewsletterValues {
  if (!row) {
    return { subject: '', body_markdown: '', audience: 'fan_club', per_minute: PER_MINUTE_DEFAULT }
  }
  return {
    subject: row.subject,
    body_markdown: row.body_markdown,
    audience: row.audience,
    per_minute: row.per_minute,
  }
}

export function NewsletterEditor({ editing, onSave, onCancelEdit }: NewsletterEditorProps) {
  const { form, register, control, errors, busy, heading, submit } = useAdminEditor({
    schema: newsletterSchema,
    editing,
    valuesOf,
    onSave,
  })
  const values = useWatch({ control })

  return (
    <section
      className="admin-content__part newsletter-editor"
      aria-labelledby="newsletter-editor-heading"
    >
      <h3 id="newsletter-editor-heading" ref={heading} tabIndex={-1} className="admin-subtitle">
        {editing ? 'Edit the draft' : 'Write a newsletter'}
      </h3>
      <div className="newsletter-editor__grid">
        <form
          className="form"
          noValidate
          aria-labelledby="newsletter-editor-heading"
          onSubmit={submit}
        >
          <LimitedTextField form={form} name="subject" label="Subject" max={SUBJECT_MAX} />
          <FormField
            label="Newsletter (Markdown)"
            required
            hint="**bold**, *italic*, # heading, - list, [link](https://…). Up to 100,000 characters."
            error={errors.body_markdown?.message}
          >
            {(aria) => (
              <textarea {...aria} {...register('body_markdown')} rows={12} maxLength={BODY_MAX} />
            )}
          </FormField>
          <fieldset className="admin-fieldset">
            <legend>Who gets it</legend>
            {AUDIENCES.map((a) => (
              <label key={a.value} className="admin-check">
                <input type="radio" value={a.value} {...register('audience')} />
                {a.label}: {a.describe}
              </label>
            ))}
          </fieldset>
          <FormField
            label="Mails a minute"
            required
            hint={`The throttle: from ${PER_MINUTE_MIN} to ${PER_MINUTE_MAX.toLocaleString('en-US')} mails a minute, across every server.`}
            error={errors.per_minute?.message}
          >
            {(aria) => (
              <input
                {...aria}
                {...register('per_minute')}
                type="number"
                inputMode="numeric"
                min={PER_MINUTE_MIN}
                max={PER_MINUTE_MAX}
                step={1}
              />
            )}
          </FormField>
          <EditorActions
            editing={editing !== null}
            busy={busy}
            addLabel="Save draft"
            onCancelEdit={onCancelEdit}
          />
        </form>
        <div className="newsletter-editor__preview">
          <p className="admin-label">Preview as the fans will see it</p>
          <NewsletterPreview subject={values.subject ?? ''} body={values.body_markdown ?? ''} />
        </div>
      </div>
    </section>
  )
}
