// Recent episode previews (docs/product/pages.md#home): the three "Previously on" clips from
// storage. Hovering or focusing a preview shows its Watch affordance; Watch opens a dialog that
// plays it (pausing the site's music, which plays on when the dialog closes).
import { useEffect } from 'react'
import { STILL_SIZES, stillSrcSet } from '../../assets/art/raster-art'
import { resumeAfterVideo } from '../../lib/audio-engine'
import type { ReadResult } from '../../lib/read-result'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import { Dialog } from '../../ui/dialog'
import { VideoPlayer } from '../../ui/video-player'
import type { EpisodePreview } from './api/list-episode-previews'
import './episodes.css'

/** 'Previously on The 2nd' → the still of episode 2, the one the preview shows. */
function previewStill(name: string): { src: string; srcSet?: string } {
  const src = `/media/episodes/ep${Number(/The (\d)/.exec(name)?.[1] ?? 1)}.webp`
  return { src, srcSet: stillSrcSet(src) }
}

export function EpisodePreviews({ previews }: { previews: ReadResult<EpisodePreview[]> }) {
  if (previews.status === 'unavailable') return <BackInAMoment />
  if (previews.status === 'failed') {
    return <p role="alert">The previews could not be loaded. Please try again later.</p>
  }
  if (previews.data.length === 0) return <p>No previews yet.</p>
  return (
    <ul className="preview-list" aria-label="Episode previews">
      {previews.data.map((preview) => (
        <li key={preview.name} className="preview-card">
          <div className="preview-card__screen" aria-hidden="true">
            <img
              {...previewStill(preview.name)}
              sizes={STILL_SIZES}
              alt=""
              width={640}
              height={360}
              loading="lazy"
            />
          </div>
          <h3 className="preview-card__title">{preview.title}</h3>
          <Dialog
            title={preview.title}
            className="episode-dialog"
            trigger={
              <button type="button" className="btn btn--primary preview-card__watch">
                Watch<span className="visually-hidden"> {preview.title}</span>
              </button>
            }
          >
            <PreviewScreen preview={preview} />
          </Dialog>
        </li>
      ))}
    </ul>
  )
}

/** The dialog's player; the dialog drops it when it closes, and then the music plays on. */
function PreviewScreen({ preview }: { preview: EpisodePreview }) {
  useEffect(() => resumeAfterVideo, [])
  return (
    <div className="episode-dialog__screen">
      <VideoPlayer src={preview.url} title={preview.title} autoPlay />
    </div>
  )
}
