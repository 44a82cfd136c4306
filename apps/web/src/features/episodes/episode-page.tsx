// An episode's own page (/episodes/<slug>): the player (it plays the episode), the synopsis, the
// share menu with this page's URL, and links to the previous and next episodes and to the list.
// The player needs the browser (where the video is, whether to resume): the server's HTML shows
// the episode's thumbnail in its place, the same size, until the page is live.
import type { ReadResult } from '../../lib/read-result'
import { useHydrated } from '../../lib/use-hydrated'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import { LinkButton } from '../../ui/link-button'
import { ShareMenu } from '../../ui/share-menu'
import { SubPage } from '../../ui/sub-page'
import { Link } from 'react-router'
import type { Episode } from './api/fetch-episodes'
import { episodeLabel, episodePath, episodeShareText, episodeShareUrl } from './episode-links'
import { EpisodeScreen } from './episode-screen'
import './episodes.css'

/** The episode with `slug` and its neighbours in episode order, or undefined. */
export function findEpisode(
  episodes: readonly Episode[],
  slug: string,
): { episode: Episode; previous?: Episode; next?: Episode } | undefined {
  const index = episodes.findIndex((e) => e.slug === slug)
  const episode = episodes[index]
  if (!episode) return undefined
  return { episode, previous: episodes[index - 1], next: episodes[index + 1] }
}

function safeImage(src: string): string | undefined {
  return src.startsWith('/') || src.startsWith('https://') ? src : undefined
}

type EpisodePageProps = { slug: string; episodes: ReadResult<Episode[]> }

export function EpisodePage({ slug, episodes }: EpisodePageProps) {
  const hydrated = useHydrated()
  if (episodes.status !== 'ready') {
    return (
      <SubPage heading="Episodes">
        {episodes.status === 'unavailable' ? (
          <BackInAMoment />
        ) : (
          <p className="episodes-error" role="alert">
            The episodes could not be loaded. Please check your connection and try again.
          </p>
        )}
      </SubPage>
    )
  }
  const found = findEpisode(episodes.data, slug)
  if (!found) return null
  const { episode, previous, next } = found
  const poster = safeImage(episode.thumbnail)
  return (
    <SubPage heading={episodeLabel(episode)}>
      <article className="episode-page" aria-label={episodeLabel(episode)}>
        <div className="episode-page__screen">
          {hydrated ? (
            <EpisodeScreen episode={episode} poster={poster} />
          ) : (
            poster && <img className="episode-page__poster" src={poster} alt="" />
          )}
        </div>
        <div className="episode-dialog__footer">
          <p className="episode-dialog__synopsis">{episode.synopsis}</p>
          {hydrated && (
            <ShareMenu url={episodeShareUrl(episode.slug)} text={episodeShareText(episode)} />
          )}
        </div>
        <nav className="episode-page__nav" aria-label="More episodes">
          {previous ? (
            <Link className="episode-page__step" to={episodePath(previous.slug)} rel="prev">
              <span className="episode-page__step-kicker">Previous episode</span>
              {episodeLabel(previous)}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link
              className="episode-page__step episode-page__step--next"
              to={episodePath(next.slug)}
              rel="next"
            >
              <span className="episode-page__step-kicker">Next episode</span>
              {episodeLabel(next)}
            </Link>
          ) : (
            <span />
          )}
        </nav>
        <p className="episode-page__all">
          <LinkButton to="/episodes" variant="secondary">
            All episodes
          </LinkButton>
        </p>
      </article>
    </SubPage>
  )
}
