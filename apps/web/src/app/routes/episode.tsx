// One episode's own page, /episodes/<slug>: its title, description and thumbnail in the head (the
// server writes them; a link unfurler shows the episode), the player, the share menu with this
// URL, and the previous and next episodes. A slug no episode has is the EVICTED page (404).
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { pageTitle, site } from '../../content/site'
import { fetchEpisodes } from '../../features/episodes/api/fetch-episodes'
import { EpisodePage, findEpisode } from '../../features/episodes/episode-page'
import { episodeLabel, isEpisodeSlug } from '../../features/episodes/episode-links'
import { NotFoundPage } from '../../features/not-found/not-found-page'
import { settle, type ReadResult } from '../../lib/read-result'
import { readClient } from '../../lib/supabase'
import type { PageHead, RouteHandle } from '../route-handle'
import type { Episode } from '../../features/episodes/api/fetch-episodes'
import { handle as notFound } from './not-found'

type EpisodeData = { slug: string; episodes: ReadResult<Episode[]> }

/** At most this much of the synopsis is the page's description. */
const DESCRIPTION_MAX = 200

function describe(synopsis: string): string {
  if (synopsis.length <= DESCRIPTION_MAX) return synopsis
  const cut = synopsis.slice(0, DESCRIPTION_MAX - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`
}

function headOf(data: unknown): PageHead | undefined {
  const { slug, episodes } = (data ?? {}) as Partial<EpisodeData>
  if (!slug || episodes?.status !== 'ready') return undefined
  const found = findEpisode(episodes.data, slug)
  if (!found) {
    return {
      title: notFound.title,
      description: notFound.description,
      noindex: true,
      status: 404,
    }
  }
  const { episode } = found
  return {
    title: pageTitle(episodeLabel(episode)),
    description: describe(episode.synopsis),
    image: { src: episode.thumbnail, alt: `${episodeLabel(episode)}: the episode's thumbnail.` },
  }
}

export const handle: RouteHandle = {
  title: pageTitle('Episodes'),
  description: `Watch an episode of ${site.title}.`,
  head: headOf,
}

export async function loader({ context, params }: LoaderFunctionArgs): Promise<EpisodeData> {
  const slug = params.slug ?? ''
  // A slug no episode can have (the database's CHECK): EVICTED, without reading anything.
  if (!isEpisodeSlug(slug)) return { slug, episodes: { status: 'ready', data: [] } }
  const client = await readClient(context)
  // Awaited in the browser too: the page's title and its 404 depend on it.
  const episodes = await settle('the episodes', () => fetchEpisodes(client))
  return { slug, episodes }
}

export function Component() {
  const { slug, episodes } = useLoaderData<typeof loader>()
  if (episodes.status === 'ready' && !findEpisode(episodes.data, slug)) return <NotFoundPage />
  return <EpisodePage slug={slug} episodes={episodes} />
}
