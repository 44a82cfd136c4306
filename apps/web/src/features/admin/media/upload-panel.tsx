// Drop files here or pick them with the file input (the keyboard way in). Each file is checked
// against the bucket's rules first; accepted ones upload one after another, each with its own
// progress bar; refusals, ours or the server's, are shown per file.
import { useId, useRef, useState, type DragEvent } from 'react'
import { toast } from '../../../ui/toast'
import { uploadObject } from './api/upload-object'
import type { Bucket } from './api/list-buckets'
import { describeAllowedTypes } from '../shared/media-types'
import { formatBytes, uploadRefusal } from './upload-checks'

type UploadItem = {
  key: string
  name: string
  size: number
  status: 'waiting' | 'uploading' | 'done' | 'refused' | 'failed'
  progress: number
  message?: string
}

type UploadPanelProps = {
  bucket: Bucket
  /** Called after a batch in which at least one file went in. */
  onUploaded: () => void
}

let nextKey = 0

export function UploadPanel({ bucket, onUploaded }: UploadPanelProps) {
  const [items, setItems] = useState<UploadItem[]>([])
  const [dragging, setDragging] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const hintId = useId()

  const update = (key: string, change: Partial<UploadItem>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)))

  const start = async (files: File[]) => {
    if (files.length === 0) return
    const batch = files.map((file) => {
      const refusal = uploadRefusal(file, bucket)
      const item: UploadItem = {
        key: `upload-${(nextKey += 1)}`,
        name: file.name,
        size: file.size,
        status: refusal ? 'refused' : 'waiting',
        progress: 0,
        message: refusal ?? undefined,
      }
      return { file, item }
    })
    setItems((all) => [...batch.map((b) => b.item), ...all])
    let uploaded = 0
    for (const { file, item } of batch) {
      if (item.status === 'refused') continue
      update(item.key, { status: 'uploading' })
      try {
        await uploadObject(bucket.id, file, (fraction) => update(item.key, { progress: fraction }))
        update(item.key, { status: 'done', progress: 1, message: 'Uploaded.' })
        uploaded += 1
      } catch (error) {
        const message = `${file.name} was not uploaded: ${(error as Error).message}`
        update(item.key, { status: 'failed', message })
      }
    }
    const failed = batch.length - uploaded
    if (uploaded > 0) {
      toast.success(`Uploaded ${uploaded} file${uploaded === 1 ? '' : 's'}`, `To ${bucket.name}.`)
      onUploaded()
    }
    if (failed > 0) {
      toast.error(`${failed} file${failed === 1 ? ' was' : 's were'} not uploaded. See the list.`)
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void start([...event.dataTransfer.files])
  }

  const accept = bucket.allowed_mime_types?.join(',') || undefined

  return (
    <>
      <div
        className={`upload-zone${dragging ? ' upload-zone--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-zone"
      >
        <p className="upload-zone__text">Drop files here, or</p>
        <label htmlFor={inputId} className="btn btn--primary upload-zone__button">
          Choose files
        </label>
        <input
          ref={input}
          id={inputId}
          className="upload-zone__input"
          type="file"
          multiple
          accept={accept}
          aria-describedby={hintId}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])]
            e.target.value = ''
            void start(files)
          }}
        />
        <p id={hintId} className="upload-zone__hint">
          {`Accepts ${describeAllowedTypes(bucket.allowed_mime_types)}`}
          {bucket.file_size_limit !== null
            ? `, up to ${formatBytes(bucket.file_size_limit)} each.`
            : '.'}{' '}
          Existing names are not replaced.
        </p>
      </div>
      {items.length > 0 && (
        <ul className="upload-list" aria-label="Uploads">
          {items.map((item) => (
            <li key={item.key} className={`upload-list__item upload-list__item--${item.status}`}>
              <div className="upload-list__row">
                <span className="upload-list__name">{item.name}</span>
                <span className="upload-list__size">{formatBytes(item.size)}</span>
              </div>
              {item.status !== 'refused' && (
                <progress
                  className="upload-list__bar"
                  max={100}
                  value={Math.round(item.progress * 100)}
                  aria-label={`Upload of ${item.name}`}
                />
              )}
              <p
                className="upload-list__status"
                role={item.status === 'refused' || item.status === 'failed' ? 'alert' : undefined}
              >
                {item.status === 'waiting' && 'Waiting...'}
                {item.status === 'uploading' && `Uploading... ${Math.round(item.progress * 100)}%`}
                {(item.status === 'done' ||
                  item.status === 'refused' ||
                  item.status === 'failed') &&
                  item.message}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
