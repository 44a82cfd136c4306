// Picks an episode's thumbnail from the stills: the site's own and those uploaded to 'Episode
// stills', each shown as the picture it is. A new still can be uploaded in place (with progress)
// and is picked when done. A thumbnail set before (any https image) stays a choice.
import { useId, useState } from 'react'
import type { Bucket } from '../media/api/list-buckets'
import { uploadObject } from '../media/api/upload-object'
import { uploadRefusal } from '../media/upload-checks'
import type { LibraryFile } from './api/list-library'
import { storageVideoPath } from './episode-schema'
import '../media/admin-media.css'

type StillPickerProps = {
  value: string
  stills: LibraryFile[]
  uploadBucket: Bucket | undefined
  onPick: (path: string) => void
  onUploaded: () => void
  error?: string
}

export function StillPicker({
  value,
  stills,
  uploadBucket,
  onPick,
  onUploaded,
  error,
}: StillPickerProps) {
  const id = useId()
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null)
  const choices =
    value && !stills.some((s) => s.path === value)
      ? [{ name: `Current: ${value}`, path: value, size: null }, ...stills]
      : stills

  const upload = async (file: File) => {
    if (!uploadBucket) return
    const refusal = uploadRefusal(file, uploadBucket)
    if (refusal) {
      setStatus({ text: refusal, failed: true })
      return
    }
    try {
      await uploadObject(uploadBucket.id, file, (f) =>
        setStatus({ text: `Uploading ${file.name}... ${Math.round(f * 100)}%`, failed: false }),
      )
    } catch (e) {
      setStatus({ text: `${file.name} was not uploaded: ${(e as Error).message}`, failed: true })
      return
    }
    setStatus({ text: `${file.name} uploaded and picked.`, failed: false })
    onPick(storageVideoPath(uploadBucket.id, file.name))
    onUploaded()
  }

  return (
    <fieldset className="library-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-field__label">Pick the thumbnail</legend>
      <ul className="still-picker__grid" aria-label="Stills">
        {choices.map((s) => (
          <li key={s.path}>
            <label className="still-picker__choice">
              <input
                type="radio"
                name={`${id}-still`}
                checked={s.path === value}
                onChange={() => onPick(s.path)}
              />
              {(s.path.startsWith('/') || s.path.startsWith('https://')) && (
                <img src={s.path} alt="" width={160} height={90} />
              )}
              <span className="still-picker__name">{s.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {uploadBucket && (
        <div className="still-picker__upload">
          <label htmlFor={`${id}-upload`} className="btn btn--secondary admin-btn--small">
            Upload a still
          </label>
          <input
            id={`${id}-upload`}
            className="upload-zone__input"
            type="file"
            accept={uploadBucket.allowed_mime_types?.join(',') || 'image/*'}
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (file) void upload(file)
            }}
          />
          {status && (
            <p className="upload-list__status" role={status.failed ? 'alert' : 'status'}>
              {status.text}
            </p>
          )}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </fieldset>
  )
}
