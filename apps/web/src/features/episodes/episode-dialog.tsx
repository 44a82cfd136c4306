// The episode player dialog (docs/product/pages.md#episode-player): the video area is 80% of the
// viewport height, at most 56rem (4xl) wide, with the title and the share menu. The dialog is
// rendered only while open, so closing it drops the player and any stale episode with it. The
// player and share menu are their own chunk (episode-dialog-body), loaded on first use. Its video
// pauses the site's music while it plays (lib/audio-engine.ts); when the dialog closes, the music
// plays on.
import { lazy, Suspense, useEffect, type ReactElement } from 'react'
import { resumeAfterVideo } from '../../lib/audio-engine'
import { Dialog } from '../../ui/dialog'
import { LoadingState } from '../../ui/loading-state'
import type { Episode } from './api/fetch-episodes'
import './episodes.css'

const loadBody = () => import('./episode-dialog-body')
const EpisodeDialogBody = lazy(() => loadBody().then((m) => ({ default: m.EpisodeDialogBody })))

/** Starts fetching the player's chunk, e.g. when a card is pointed at or focused. */
export function preloadEpisodeDialog(): void {
  void loadBody()
}

type EpisodeDialogProps = {
  trigger?: ReactElement
  open: boolean
  onOpenChange: (open: boolean) => void
  /** undefined while the episode is still loading; null when it could not be loaded. */
  episode: Episode | null | undefined
}

export function EpisodeDialog({ trigger, open, onOpenChange, episode }: EpisodeDialogProps) {
  const title = episode
    ? `EP ${episode.episode_number}: ${episode.title}`
    : episode === null
      ? 'Episode unavailable'
      : 'Loading episode...'
  useEffect(() => {
    if (!open) return
    return resumeAfterVideo
  }, [open])
  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      className="episode-dialog"
    >
      {episode ? (
        <Suspense fallback={<LoadingState label="Loading episode..." />}>
          <EpisodeDialogBody episode={episode} />
        </Suspense>
      ) : episode === null ? (
        <p role="alert">The episodes could not be loaded. Please try again later.</p>
      ) : (
        <LoadingState label="Loading episode..." />
      )}
    </Dialog>
  )
}
