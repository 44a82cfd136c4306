// Add or edit an episode. Validation mirrors the table's CHECKs (episode-schema.ts). The video
// and the thumbnail are picked from the media library, with previews, or uploaded in place; a
// shared-drive link can still be pasted. What the video is (full episode, preview, clip) is said
// here, and the site labels it so.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { FormField } from '../../../ui/form-field'
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
  const heading = useRef<HTMLHeadingElement>(null)
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<EpisodeValues>({
    resolver: zodResolver(episodeSchema),
    defaultValues: valuesOf(editing, nextNumber),
  })
  const [videoUrl = '', thumbnail = ''] = useWatch({ control, name: ['video_url', 'thumbnail'] })
  const pick = { shouldDirty: true, shouldValidate: true } as const

  useEffect(() => {
    reset(valuesOf(editing, nextNumber))
    if (editing) heading.current?.focus()
  }, [editing, nextNumber, reset])

  const onSubmit = async (data: EpisodeValues) => {
    if ((await onSave(data)) && !editing) reset(valuesOf(null, nextNumber + 1))
  }

  return (
    <section className="admin-content__part" aria-labelledby="episode-editor-heading">
      <h3 id="episode-editor-heading" ref={heading} tabIndex={-1} className="admin-subtitle">
        {editing ? `Edit episode ${editing.episode_number}` : 'Add an episode'}
      </h3>
      <form
        className="form episode-form"
        noValidate
        aria-labelledby="episode-editor-heading"
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
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
        <FormField
          label="Title"
          required
          hint={`Up to ${TITLE_MAX} characters.`}
          error={errors.title?.message}
        >
          {(aria) => <input {...aria} {...register('title')} autoComplete="off" />}
        </FormField>
        <FormField
          label="Synopsis"
          required
          hint={`Up to ${SYNOPSIS_MAX} characters.`}
          error={errors.synopsis?.message}
        >
          {(aria) => <textarea {...aria} {...register('synopsis')} rows={4} />}
        </FormField>

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

        <div className="admin-actions">
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : editing ? 'Save changes' : 'Add episode'}
          </button>
          {editing && (
            <button type="button" className="btn btn--secondary" onClick={onCancelEdit}>
              Cancel editing
            </button>
          )}
        </div>
      </form>
    </section>
  )
}
