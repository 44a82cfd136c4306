// Picks an episode's video from the media library: a shelf (full episodes, previews, behind the
// scenes), then one of its files, with the chosen video playable right here. On the full
// episodes shelf a new episode can be uploaded in place (resumable), and is picked when done.
import { useId, useState } from 'react'
import { resolveEpisodeVideo } from '../../../lib/episode-video'
import { readRuntimeConfig } from '../../../lib/runtime-config'
import type { Bucket } from '../media/api/list-buckets'
import { ResumableUploadPanel } from '../media/resumable-upload-panel'
import { formatBytes } from '../media/upload-checks'
import type { VideoShelf } from './api/list-library'
import { storageVideoPath, type VideoKind } from './episode-schema'

type VideoPickerProps = {
  value: string
  shelves: VideoShelf[]
  /** The rules of the full episodes bucket, for uploading in place. */
  uploadBucket: Bucket | undefined
  onPick: (path: string, kind: VideoKind) => void
  /** A new file landed in `bucket`: the library is read again, and the file is picked. */
  onUploaded: (bucket: string, name: string) => void
}

export function VideoPicker({
  value,
  shelves,
  uploadBucket,
  onPick,
  onUploaded,
}: VideoPickerProps) {
  const id = useId()
  const holding = shelves.find((s) => s.files.some((f) => f.path === value))
  const [shelfId, setShelfId] = useState(holding?.bucket ?? shelves[0]?.bucket ?? '')
  // Another episode opened (or a file picked elsewhere): show the shelf its video is on.
  const [shownValue, setShownValue] = useState(value)
  if (shownValue !== value) {
    setShownValue(value)
    if (holding && holding.bucket !== shelfId) setShelfId(holding.bucket)
  }
  const shelf = shelves.find((s) => s.bucket === shelfId) ?? shelves[0]
  // Played from where the site plays it (the API's origin, wherever that is).
  const { supabaseUrl } = readRuntimeConfig(document, import.meta.env, window.location.origin)
  const video = resolveEpisodeVideo(value, supabaseUrl)
  const playable = video?.kind === 'file' ? video.url : null
  return (
    <fieldset className="library-picker">
      <legend className="form-field__label">Pick the video</legend>
      <div className="admin-field">
        <label htmlFor={`${id}-shelf`}>Library</label>
        <select
          id={`${id}-shelf`}
          value={shelf?.bucket ?? ''}
          onChange={(e) => setShelfId(e.target.value)}
        >
          {shelves.map((s) => (
            <option key={s.bucket} value={s.bucket}>
              {s.bucket} ({s.files.length})
            </option>
          ))}
        </select>
      </div>
      {shelf && shelf.files.length === 0 && (
        <p className="admin-empty">No files in {shelf.bucket} yet.</p>
      )}
      {shelf && shelf.files.length > 0 && (
        <ul className="library-picker__files" aria-label={`Files in ${shelf.bucket}`}>
          {shelf.files.map((f) => (
            <li key={f.path}>
              <label className="library-picker__file">
                <input
                  type="radio"
                  name={`${id}-video`}
                  checked={f.path === value}
                  onChange={() => onPick(f.path, shelf.kind)}
                />
                <span className="library-picker__name">{f.name}</span>
                {f.size !== null && (
                  <span className="library-picker__size">{formatBytes(f.size)}</span>
                )}
              </label>
            </li>
          ))}
        </ul>
      )}
      {shelf?.bucket === uploadBucket?.id && uploadBucket && (
        <ResumableUploadPanel
          bucket={uploadBucket}
          chooseLabel="Upload a full episode"
          onUploaded={(name) => {
            onPick(storageVideoPath(uploadBucket.id, name), 'full')
            onUploaded(uploadBucket.id, name)
          }}
        />
      )}
      {playable && (
        <figure className="library-picker__preview">
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the team's own files, checked before publishing */}
          <video
            key={playable}
            src={playable}
            controls
            preload="metadata"
            width={320}
            height={180}
          />
          <figcaption>Chosen: {value.split('/').pop()}</figcaption>
        </figure>
      )}
    </fieldset>
  )
}
