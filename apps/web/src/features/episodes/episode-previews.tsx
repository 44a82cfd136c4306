// Recent episode previews (SPEC §2 Home): the three "Previously on" clips from storage. Hovering
// or focusing a preview shows its Watch affordance; Watch opens a dialog that plays it.
import { useEffect, useState } from 'react'
import { Dialog } from '../../ui/dialog'
import { LoadingState } from '../../ui/loading-state'
import { VideoPlayer } from '../../ui/video-player'
import { listEpisodePreviews, type EpisodePreview } from './api/list-episode-previews'
import './episodes.css'

type PreviewsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; previews: EpisodePreview[] }

/** 'Previously on The 2nd' → 2: the episode whose thumbnail the preview shows. */
function previewEpisode(name: string): number {
  return Number(/The (\d)/.exec(name)?.[1] ?? 1)
}

export function EpisodePreviews() {
  const [state, setState] = useState<PreviewsState>({ status: 'loading' })

  useEffect(() => {
    let current = true
    listEpisodePreviews().then(
      (previews) => {
        if (current) setState({ status: 'ready', previews })
      },
      (error: unknown) => {
        console.error('Loading the episode previews failed', error)
        if (current) setState({ status: 'error' })
      },
    )
    return () => {
      current = false
    }
  }, [])

  if (state.status === 'loading') return <LoadingState label="Loading previews..." />
  if (state.status === 'error') {
    return <p role="alert">The previews could not be loaded. Please try again later.</p>
  }
  if (state.previews.length === 0) return <p>No previews yet.</p>
  return (
    <ul className="preview-list" aria-label="Episode previews">
      {state.previews.map((preview) => (
        <li key={preview.name} className="preview-card">
          <div className="preview-card__screen" aria-hidden="true">
            <img
              src={`/media/episodes/ep${previewEpisode(preview.name)}.svg`}
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
                Watch<span className="episode-sr-only"> {preview.title}</span>
              </button>
            }
          >
            <div className="episode-dialog__screen">
              <VideoPlayer src={preview.url} title={preview.title} autoPlay />
            </div>
          </Dialog>
        </li>
      ))}
    </ul>
  )
}
