// One episode as a notice on the board: thumbnail, 'EP n' stamp, title, synopsis. The title's
// button covers the whole card and opens the player dialog; focus returns to it on close.
import { STILL_SIZES, stillSrcSet } from '../../assets/art/raster-art'
import type { Episode } from './api/fetch-episodes'
import { EpisodeDialog, preloadEpisodeDialog } from './episode-dialog'
import { videoKindOf, videoKindTag } from './video-kind'

type EpisodeCardProps = {
  episode: Episode
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Cards below the fold load their thumbnail lazily. */
  eager?: boolean
  /** The first card's thumbnail is the page's largest paint: fetched before other images. */
  priority?: boolean
  headingLevel?: 2 | 3
}

/** Only site paths and https images go into src (the database also enforces this). */
function safeImage(src: string): string | undefined {
  return src.startsWith('/') || src.startsWith('https://') ? src : undefined
}

export function EpisodeCard({
  episode,
  open,
  onOpenChange,
  eager = false,
  priority = false,
  headingLevel = 2,
}: EpisodeCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const thumbnail = safeImage(episode.thumbnail)
  const thumbnailSrcSet = thumbnail ? stillSrcSet(thumbnail) : undefined
  return (
    <article className="episode-card" id={`episode-${episode.episode_number}`}>
      <div className="episode-card__thumb">
        {thumbnail && (
          <img
            src={thumbnail}
            srcSet={thumbnailSrcSet}
            sizes={thumbnailSrcSet && STILL_SIZES}
            alt=""
            width={640}
            height={360}
            loading={eager || priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding={priority ? 'sync' : 'async'}
          />
        )}
        <span className="episode-card__play" aria-hidden="true">
          <svg viewBox="0 0 48 48">
            <circle cx="24" cy="24" r="22" />
            <path d="M19 14v20l16-10z" />
          </svg>
        </span>
      </div>
      <p className="episode-card__badge" aria-hidden="true">
        EP {episode.episode_number}
      </p>
      <Heading className="episode-card__title">
        <EpisodeDialog
          open={open}
          onOpenChange={onOpenChange}
          episode={episode}
          trigger={
            <button
              type="button"
              className="episode-card__button"
              onPointerEnter={preloadEpisodeDialog}
              onFocus={preloadEpisodeDialog}
              aria-label={`Play EP ${episode.episode_number}: ${episode.title}`}
            >
              {episode.title}
            </button>
          }
        />
      </Heading>
      <p className={`episode-card__kind episode-card__kind--${videoKindOf(episode)}`}>
        {videoKindTag(episode)}
      </p>
      <p className="episode-card__synopsis">{episode.synopsis}</p>
    </article>
  )
}
