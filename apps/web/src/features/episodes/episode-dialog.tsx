// The episode player dialog (SPEC §2, §4 Episode modal): the video area is 80% of the viewport
// height, at most 56rem (4xl) wide, with the title and the share menu. The dialog is rendered
// only while open, so closing it drops the player and any stale episode with it.
import type { ReactElement } from 'react'
import { Dialog } from '../../ui/dialog'
import { LoadingState } from '../../ui/loading-state'
import { ShareMenu } from '../../ui/share-menu'
import type { Episode } from './api/fetch-episodes'
import { episodeShareText, episodeShareUrl } from './episode-links'
import { EpisodeScreen } from './episode-screen'
import './episodes.css'

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
  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      className="episode-dialog"
    >
      {episode ? (
        <>
          <div className="episode-dialog__screen">
            <EpisodeScreen episode={episode} />
          </div>
          <div className="episode-dialog__footer">
            <p className="episode-dialog__synopsis">{episode.synopsis}</p>
            <ShareMenu
              url={episodeShareUrl(episode.episode_number)}
              text={episodeShareText(episode)}
            />
          </div>
        </>
      ) : episode === null ? (
        <p role="alert">The episodes could not be loaded. Please try again later.</p>
      ) : (
        <LoadingState label="Loading episode..." />
      )}
    </Dialog>
  )
}
