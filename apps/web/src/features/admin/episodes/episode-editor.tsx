// Add or edit an episode. Validation mirrors the table's CHECKs (episode-schema.ts). The video
// and the thumbnail are picked from the media library, with previews, or uploaded in place; a
// shared-drive link can still be pasted. What the video is (full episode, preview, clip) is said
// here, and the site labels it so.
import { useCallback } from 'react'
import { useWatch } from 'react-hook-form'
import { FormField } from '../../../ui/form-field'
import { EditorActions, LimitedTextField, useAdminEditor } from '../shared/admin-editor'
import type { Library } from './api/list-library'
import {
  episodeSchema,
  STILLS_BUCKET,
  SYNOPSIS_MAX,
  TITLE_MAX,
  VIDEO_KINDS,
  type EpisodeRow,
  type EpisodeValues,
} from './episode-schema'
import { StillPicker } from './still-picker'
import { VideoPicker } from './video-picker'

type EpisodeEditorProps = {
  editing: EpisodeRow | null
  /** Suggested number for a new episode. */
  nextNumber: number
  library: Library | null
  /** Saves through the view's action; resolves true when saved. */
  onSave: (values: EpisodeValues) => Promise<boolean>
  onCancelEdit: () => void
  /** Reads the library again after an upload in place. */
  onLibraryChanged: () => void
}

const FULL_EPISODES = 'Full episodes'

function valuesOf(row: EpisodeRow | null, nextNumber: number): EpisodeValues {
  if (!row) {
    return {
      episode_number: nextNumber,
      title: '',
      synopsis: '',
      thumbnail: '',
      video_url: '',
      video_kind: 'full',
    }
  }
  const { id: _id, ...values } = row
  return { ...values, video_kind: values.video_kind ?? 'preview' }
}

export function EpisodeEditor({
  editing,
  nextNumber,
  library,
  onSave,
  onCancelEdit,
  onLibraryChanged,
}: EpisodeEditorProps) {
  const valuesFor = useCallback((row: EpisodeRow | null) => valuesOf(row, nextNumber), [nextNumber])
  const { form, register, control, setValue, errors, busy, heading, submit } = useAdminEditor({
    schema: episodeSchema,
    editing,
    valuesOf: valuesFor,
    onSave,
    afterAdd: () => valuesOf(null, nextNumber + 1),
  })
  const [videoUrl = '', thumbnail = ''] = useWatch({ control, name: ['video_url', 'thumbnail'] })
  const pick = { shouldDirty: true, shouldValidate: true } as const

  return (
    <section className="admin-content__part" aria-labelledby="episode-editor-heading">
      <h3 id="episode-editor-heading" ref={heading} tabIndex={-1} className="admin-subtitle">
        {editing ? `Edit episode ${editing.episode_number}` : 'Add an episode'}
      </h3>
      <form
        className="form episode-form"
        noValidate
        aria-labelledby="episode-editor-heading"
        onSubmit={submit}
      >
        <FormField label="Episode number" required error={errors.episode_number?.message}>
          {(aria) => (
            <input
              {...aria}
              {...register('episode_number', { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              min={1}
              max={9999}
              step={1}
              className="episode-form__number"
            />
          )}
        </FormField>
        <LimitedTextField form={form} name="title" label="Title" max={TITLE_MAX} />
        <LimitedTextField
          form={form}
          name="synopsis"
          label="Synopsis"
          max={SYNOPSIS_MAX}
          rows={4}
        />

        {library ? (
          <VideoPicker
            value={videoUrl}
            shelves={library.videos}
            uploadBucket={library.buckets[FULL_EPISODES]}
            onPick={(path, kind) => {
              setValue('video_url', path, pick)
              setValue('video_kind', kind, pick)
            }}
            onUploaded={onLibraryChanged}
          />
        ) : (
          <p className="admin-error" role="alert">
            The media library could not be loaded: paste a link below, or reload the page.
          </p>
        )}
        <FormField
          label="Video link"
          required
          hint="Filled in by the pick above; or paste a shared-drive link (https://drive.google.com/file/d/…/view)."
          error={errors.video_url?.message}
        >
          {(aria) => <input {...aria} {...register('video_url')} autoComplete="off" />}
        </FormField>
        <fieldset className="episode-form__kind">
          <legend className="form-field__label">What the video is</legend>
          {VIDEO_KINDS.map((k) => (
            <label key={k.value} className="admin-check">
              <input type="radio" value={k.value} {...register('video_kind')} />
              {k.label}
            </label>
          ))}
          {errors.video_kind?.message && (
            <p className="form-field__error">{errors.video_kind.message}</p>
          )}
        </fieldset>

        <input type="hidden" {...register('thumbnail')} />
        {library && (
          <StillPicker
            value={thumbnail}
            stills={library.stills}
            uploadBucket={library.buckets[STILLS_BUCKET]}
            onPick={(path) => setValue('thumbnail', path, pick)}
            onUploaded={onLibraryChanged}
            error={errors.thumbnail?.message}
          />
        )}

        <EditorActions
          editing={editing !== null}
          busy={busy}
          addLabel="Add episode"
          onCancelEdit={onCancelEdit}
        />
      </form>
    </section>
  )
}
