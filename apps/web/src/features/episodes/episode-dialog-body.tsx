// What the episode dialog shows once its episode is known: the player and, under it, the
// synopsis and the share menu. A chunk of its own (the video player and the share menu's Radix
// dropdown), loaded when a dialog first opens or a card is pointed at, not with the grid.
import { ShareMenu } from '../../ui/share-menu'
import type { Episode } from './api/fetch-episodes'
import { episodeShareText, episodeShareUrl } from './episode-links'
import { EpisodeScreen } from './episode-screen'
import { videoKindNote } from './video-kind'

export function EpisodeDialogBody({ episode }: { episode: Episode }) {
  return (
    <>
      <div className="episode-dialog__screen">
        <EpisodeScreen episode={episode} />
      </div>
      <div className="episode-dialog__footer">
        {videoKindNote(episode) && <p className="episode-dialog__kind">{videoKindNote(episode)}</p>}
        <p className="episode-dialog__synopsis">{episode.synopsis}</p>
        <ShareMenu url={episodeShareUrl(episode.slug)} text={episodeShareText(episode)} />
      </div>
    </>
  )
}
