// Add or edit an episode. Validation mirrors the table's CHECKs (episode-schema.ts); the video
// link is a shared-drive link or one of our storage files, picked below the field.
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { FormField } from '../../../ui/form-field'
import { toast } from '../../../ui/toast'
import { saveEpisode } from './api/save-episode'
import {
  episodeSchema,
  SYNOPSIS_MAX,
  TITLE_MAX,
  type EpisodeRow,
  type EpisodeValues,
} from './episode-schema'
import { VideoFilePicker } from './video-file-picker'

type EpisodeEditorProps = {
  editing: EpisodeRow | null
  /** Suggested number for a new episode. */
  nextNumber: number
  onSaved: () => void
  onCancelEdit: () => void
}

function valuesOf(row: EpisodeRow | null, nextNumber: number): EpisodeValues {
  if (!row) {
    return { episode_number: nextNumber, title: '', synopsis: '', thumbnail: '', video_url: '' }
  }
  const { id: _id, ...values } = row
  return values
}

export function EpisodeEditor({ editing, nextNumber, onSaved, onCancelEdit }: EpisodeEditorProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<EpisodeValues>({
    resolver: zodResolver(episodeSchema),
    defaultValues: valuesOf(editing, nextNumber),
  })

  useEffect(() => {
    reset(valuesOf(editing, nextNumber))
    if (editing) heading.current?.focus()
  }, [editing, nextNumber, reset])

  const onSubmit = async (data: EpisodeValues) => {
    try {
      await saveEpisode(data, editing?.id)
    } catch (error) {
      toast.error(`The episode was not saved: ${(error as Error).message}`)
      return
    }
    toast.success(editing ? 'Episode updated' : 'Episode added', data.title)
    onSaved()
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
        <FormField
          label="Thumbnail"
          required
          hint="A path on this site such as /media/episodes/ep1.webp, or an https:// image URL."
          error={errors.thumbnail?.message}
        >
          {(aria) => <input {...aria} {...register('thumbnail')} autoComplete="off" />}
        </FormField>
        <FormField
          label="Video link"
          required
          hint="A shared-drive link (https://drive.google.com/file/d/…/view) or a storage path."
          error={errors.video_url?.message}
        >
          {(aria) => <input {...aria} {...register('video_url')} autoComplete="off" />}
        </FormField>
        <VideoFilePicker
          onPick={(path) =>
            setValue('video_url', path, { shouldDirty: true, shouldValidate: true })
          }
        />
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
