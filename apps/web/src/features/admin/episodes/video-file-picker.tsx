// Fills the video link with a file from our storage: pick a bucket, then a file; the link becomes
// its public path '/storage/v1/object/public/<bucket>/<name>', which the site plays natively.
import { useEffect, useId, useState } from 'react'
import { listVideoFiles } from './api/list-video-files'
import { storageVideoPath, VIDEO_BUCKETS } from './episode-schema'

export function VideoFilePicker({ onPick }: { onPick: (path: string) => void }) {
  const id = useId()
  const [bucket, setBucket] = useState<string>(VIDEO_BUCKETS[0])
  const [listed, setListed] = useState<{ bucket: string; files: string[] | 'failed' }>()
  const [file, setFile] = useState('')
  const files = listed?.bucket === bucket ? listed.files : undefined

  useEffect(() => {
    let live = true
    listVideoFiles(bucket).then(
      (names) => live && setListed({ bucket, files: names }),
      (error: unknown) => {
        console.error(`Listing ${bucket} failed`, error)
        if (live) setListed({ bucket, files: 'failed' })
      },
    )
    return () => {
      live = false
    }
  }, [bucket])

  const choices = Array.isArray(files) ? files : []
  const chosen = choices.includes(file) ? file : (choices[0] ?? '')

  return (
    <fieldset className="video-picker">
      <legend className="form-field__label">Or use a file from storage</legend>
      <div className="video-picker__row">
        <div className="admin-field">
          <label htmlFor={`${id}-bucket`}>Bucket</label>
          <select
            id={`${id}-bucket`}
            value={bucket}
            onChange={(e) => {
              setBucket(e.target.value)
              setFile('')
            }}
          >
            {VIDEO_BUCKETS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field video-picker__file">
          <label htmlFor={`${id}-file`}>File</label>
          <select
            id={`${id}-file`}
            value={chosen}
            disabled={choices.length === 0}
            onChange={(e) => setFile(e.target.value)}
          >
            {files === undefined && <option value="">Loading files...</option>}
            {files === 'failed' && <option value="">The files could not be listed</option>}
            {Array.isArray(files) && files.length === 0 && <option value="">No files</option>}
            {choices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn--secondary admin-btn--small"
          disabled={!chosen}
          onClick={() => onPick(storageVideoPath(bucket, chosen))}
        >
          Use this file
        </button>
      </div>
    </fieldset>
  )
}
