// The buckets as a radio group: each shows what it accepts, so the admin knows before uploading.
import { useState } from 'react'
import { describeAllowedTypes } from '../shared/media-types'
import type { Bucket } from './api/list-buckets'
import { formatBytes } from './upload-checks'

type BucketPickerProps = {
  buckets: Bucket[]
  selected: string | null
  onSelect: (id: string) => void
}

export function BucketPicker({ buckets, selected, onSelect }: BucketPickerProps) {
  // The choice shows at once: the router applies the new URL (and so `selected`) in a transition,
  // and until then React would put the controlled radio back on the old bucket.
  const [picked, setPicked] = useState(selected)
  const [from, setFrom] = useState(selected)
  if (from !== selected) {
    setFrom(selected)
    setPicked(selected)
  }
  return (
    <fieldset className="bucket-picker">
      <legend className="admin-subtitle">Bucket</legend>
      <div className="bucket-picker__grid">
        {buckets.map((b) => (
          <label
            key={b.id}
            className={`bucket-picker__option${b.id === picked ? ' bucket-picker__option--on' : ''}`}
          >
            <input
              type="radio"
              name="bucket"
              value={b.id}
              checked={b.id === picked}
              onChange={() => {
                setPicked(b.id)
                onSelect(b.id)
              }}
            />
            <span className="bucket-picker__name">{b.name}</span>
            <span className="bucket-picker__rule">
              {describeAllowedTypes(b.allowed_mime_types)}
            </span>
            <span className="bucket-picker__rule">
              {b.file_size_limit !== null
                ? `Up to ${formatBytes(b.file_size_limit)} a file`
                : 'No size limit'}
              {b.public ? ' · public' : ' · private'}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
