// One big file at a time into a bucket by resumable upload (resumable-upload.ts): a progress bar
// with what has arrived, Pause, Resume and Cancel, and words for every state: a dropped connection
// goes on by itself, and after a page reload picking the same file continues where it stopped.
import { useId, useRef, useState } from 'react'
import { toast } from '../../../ui/toast'
import type { Bucket } from './api/list-buckets'
import { resumableUpload, type ResumableHandle } from './resumable-upload'
import { contentTypeOf, formatBytes, uploadRefusal } from './upload-checks'
import './admin-media.css'

type Status = 'uploading' | 'resuming' | 'retrying' | 'paused' | 'done' | 'failed' | 'refused'

type Upload = {
  name: string
  size: number
  status: Status
  sent: number
  message?: string
}

type ResumableUploadPanelProps = {
  bucket: Bucket
  /** The choose button's text, e.g. 'Choose a video'. */
  chooseLabel?: string
  /** Called with the object name once the upload has landed. */
  onUploaded: (name: string) => void
}

function percent(u: Upload): number {
  return u.size > 0 ? Math.floor((u.sent / u.size) * 100) : 0
}

function statusText(u: Upload): string {
  const progress = `${percent(u)}% (${formatBytes(u.sent)} of ${formatBytes(u.size)})`
  switch (u.status) {
    case 'uploading':
      return `Uploading... ${progress}`
    case 'resuming':
      return `Continuing an earlier upload of this file... ${progress}`
    case 'retrying':
      return `The connection dropped at ${progress}: trying again...`
    case 'paused':
      return `Paused at ${progress}. Resume to go on, here or after reloading the page.`
    case 'done':
      return 'Uploaded.'
    default:
      return u.message ?? ''
  }
}

export function ResumableUploadPanel({
  bucket,
  chooseLabel = 'Choose a video',
  onUploaded,
}: ResumableUploadPanelProps) {
  const inputId = useId()
  const hintId = useId()
  const [upload, setUpload] = useState<Upload | null>(null)
  const handle = useRef<ResumableHandle | null>(null)
  const update = (change: Partial<Upload>) => setUpload((u) => (u ? { ...u, ...change } : u))
  const active = upload !== null && ['uploading', 'resuming', 'retrying'].includes(upload.status)

  const start = (file: File) => {
    const refusal = uploadRefusal(file, bucket)
    const base = { name: file.name, size: file.size, sent: 0 }
    if (refusal) {
      setUpload({ ...base, status: 'refused', message: refusal })
      return
    }
    setUpload({ ...base, status: 'uploading' })
    handle.current = resumableUpload(
      file,
      { bucket: bucket.id, contentType: contentTypeOf(file) },
      {
        onProgress: (sent) =>
          setUpload(
            (u) =>
              u && {
                ...u,
                sent,
                status:
                  u.status === 'paused'
                    ? 'paused'
                    : u.status === 'resuming'
                      ? 'resuming'
                      : 'uploading',
              },
          ),
        onRetrying: () => update({ status: 'retrying' }),
        onSuccess: () => {
          handle.current = null
          update({ status: 'done', sent: file.size })
          toast.success('Uploaded', `${file.name} to ${bucket.name}.`)
          onUploaded(file.name)
        },
        onError: (message) => {
          handle.current = null
          update({ status: 'failed', message: `${file.name} was not uploaded: ${message}` })
        },
      },
    )
    void handle.current.start().then((resumed) => resumed && update({ status: 'resuming' }))
  }

  const pause = () => {
    handle.current?.pause()
    update({ status: 'paused' })
  }
  const resume = () => {
    handle.current?.resume()
    update({ status: 'uploading' })
  }
  const cancel = async () => {
    const h = handle.current
    handle.current = null
    setUpload(null)
    await h
      ?.cancel()
      .catch((error: unknown) => console.error('Cancelling the upload failed', error))
  }

  const accept = bucket.allowed_mime_types?.join(',') || undefined
  return (
    <div className="resumable-upload">
      <div className="upload-zone">
        <label htmlFor={inputId} className="btn btn--primary upload-zone__button">
          {chooseLabel}
        </label>
        <input
          id={inputId}
          className="upload-zone__input"
          type="file"
          accept={accept}
          aria-describedby={hintId}
          disabled={active}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) start(file)
          }}
        />
        <p id={hintId} className="upload-zone__hint">
          Up to {bucket.file_size_limit === null ? 'any size' : formatBytes(bucket.file_size_limit)}
          , sent in parts: a dropped connection carries on by itself, and after a page reload
          choosing the same file continues where it stopped.
        </p>
      </div>
      {upload && (
        <div className={`upload-list__item upload-list__item--${upload.status}`}>
          <div className="upload-list__row">
            <span className="upload-list__name">{upload.name}</span>
            <span className="upload-list__size">{formatBytes(upload.size)}</span>
          </div>
          {upload.status !== 'refused' && (
            <progress
              className="upload-list__bar"
              max={100}
              value={upload.status === 'done' ? 100 : percent(upload)}
              aria-label={`Upload of ${upload.name}`}
            />
          )}
          <p
            className="upload-list__status"
            role={upload.status === 'failed' || upload.status === 'refused' ? 'alert' : 'status'}
          >
            {statusText(upload)}
          </p>
          {upload.status !== 'done' &&
            upload.status !== 'refused' &&
            upload.status !== 'failed' && (
              <div className="admin-actions">
                {upload.status === 'paused' ? (
                  <button
                    type="button"
                    className="btn btn--secondary admin-btn--small"
                    onClick={resume}
                  >
                    Resume
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn--secondary admin-btn--small"
                    onClick={pause}
                  >
                    Pause
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn--secondary admin-btn--small"
                  onClick={() => void cancel()}
                >
                  Cancel upload
                </button>
              </div>
            )}
        </div>
      )}
    </div>
  )
}
