// Home composed from the features (which may not import each other). Only the hero is above the
// fold: every other section is its own lazy chunk, mounted by <Deferred> when it nears the
// viewport (the server renders them all). The loader reads every section's data: on the server
// before the HTML is written, in the browser as promises each section waits for.
import { lazy, Suspense, useMemo, useState } from 'react'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { pageTitle, site } from '../../content/site'
import { fetchEpisodes } from '../../features/episodes/api/fetch-episodes'
import {
  headerLoopUrl,
  listEpisodePreviews,
} from '../../features/episodes/api/list-episode-previews'
import { listBtsMedia } from '../../features/bts/api/list-bts-media'
import { pickHomeBtsVideos } from '../../features/bts/bts-groups'
import { HomePage } from '../../features/home/home-page'
import { fetchPinnedEvents } from '../../features/events/api/fetch-pinned-events'
import { fetchNews } from '../../features/news/api/fetch-news'
import { fetchPinnedNews } from '../../features/news/api/fetch-pinned-news'
import { loaderData } from '../../lib/loader-data'
import { isoCalendarDate } from '../../lib/news-date'
import { settle } from '../../lib/read-result'
import { loadSoundtrackVolumes } from '../../lib/soundtrack-tracks'
import { readClient } from '../../lib/supabase'
import { Awaited } from '../../ui/awaited'
import { Deferred } from '../../ui/deferred'
import { eventAction } from '../event-actions'
import type { RouteHandle } from '../route-handle'

export const handle: RouteHandle = { title: pageTitle(), description: site.description }

export async function loader({ context }: LoaderFunctionArgs) {
  const client = await readClient(context)
  const reads = await loaderData({
    episodes: settle('the episodes', () => fetchEpisodes(client)),
    previews: settle('the episode previews', () => listEpisodePreviews(client)),
    news: settle('the news', () => fetchNews(client, 3)),
    events: settle('the pinned events', () => fetchPinnedEvents(client)),
    pinnedNews: settle('the pinned memos', () => fetchPinnedNews(client)),
    soundtrack: loadSoundtrackVolumes(client),
    bts: settle('the behind the scenes videos', async () =>
      pickHomeBtsVideos(await listBtsMedia(client)),
    ),
  })
  return { ...reads, headerVideo: headerLoopUrl(client), today: isoCalendarDate(new Date()) }
}

const loadLatestEpisodeButton = () => import('../../features/episodes/latest-episode-button')
const LatestEpisodeButton = lazy(() =>
  loadLatestEpisodeButton().then((m) => ({ default: m.LatestEpisodeButton })),
)
const EpisodePreviews = lazy(() =>
  import('../../features/episodes/episode-previews').then((m) => ({
    default: m.EpisodePreviews,
  })),
)
const EpisodeGrid = lazy(() =>
  import('../../features/episodes/episode-grid').then((m) => ({ default: m.EpisodeGrid })),
)
const PinnedEvents = lazy(() =>
  import('../../features/events/pinned-events').then((m) => ({ default: m.PinnedEvents })),
)
const PinnedMemos = lazy(() =>
  import('../../features/news/pinned-memos').then((m) => ({ default: m.PinnedMemos })),
)
const TeamApplicationCard = lazy(() =>
  import('../../features/team-application/team-application-card').then((m) => ({
    default: m.TeamApplicationCard,
  })),
)
const NewsList = lazy(() =>
  import('../../features/news/news-list').then((m) => ({ default: m.NewsList })),
)
const GameCards = lazy(() =>
  import('../../features/games/games-page').then((m) => ({ default: m.GameCards })),
)
const MerchCards = lazy(() =>
  import('../../features/shop/merch-cards').then((m) => ({ default: m.MerchCards })),
)
const HomeSoundtrack = lazy(() =>
  import('../../features/soundtrack/home-soundtrack').then((m) => ({
    default: m.HomeSoundtrack,
  })),
)
const BtsRandomGrid = lazy(() =>
  import('../../features/bts/bts-random-grid').then((m) => ({ default: m.BtsRandomGrid })),
)
const FanClubForm = lazy(() =>
  import('../../features/fan-club/fan-club-form').then((m) => ({ default: m.FanClubForm })),
)

/**
 * 'WATCH NOW!' looks the same before its dialog code is loaded (no shift in the hero). That code
 * (the dialog, the share menu, the episodes fetch) loads only when the visitor reaches for the
 * button (pointer over it, focus); a click on the stand-in opens the dialog once it has arrived.
 */
function WatchNow() {
  const [clicked, setClicked] = useState(false)
  const standIn = (
    <button
      type="button"
      className="btn btn--primary btn--large"
      aria-busy={clicked}
      onPointerEnter={() => void loadLatestEpisodeButton()}
      onFocus={() => void loadLatestEpisodeButton()}
      onClick={() => setClicked(true)}
    >
      WATCH NOW!
    </button>
  )
  if (!clicked) return standIn
  return (
    <Suspense fallback={standIn}>
      <LatestEpisodeButton openOnMount />
    </Suspense>
  )
}

export function Component() {
  const data = useLoaderData<typeof loader>()
  // Built once per loader result: a section whose server HTML is still waiting to be hydrated
  // (Deferred) must not be handed new elements by an unrelated re-render of the page.
  const sections = useMemo(
    () => ({
      previews: (
        <Deferred minHeight="14rem" label="Loading previews...">
          <Awaited value={data.previews} loading="Loading previews...">
            {(previews) => <EpisodePreviews previews={previews} />}
          </Awaited>
        </Deferred>
      ),
      episodes: (
        <Deferred minHeight="26rem" label="Loading episodes...">
          <Awaited value={data.episodes} loading="Loading episodes...">
            {(episodes) => <EpisodeGrid episodes={episodes} limit={3} headingLevel={3} />}
          </Awaited>
        </Deferred>
      ),
      news: (
        <Deferred minHeight="30rem" label="Loading news...">
          <div className="form-cards home-news__pins">
            <TeamApplicationCard today={data.today} />
            <Awaited value={data.events} loading="Loading the pinned events...">
              {(events) => <PinnedEvents events={events} actionFor={eventAction} />}
            </Awaited>
            <Awaited value={data.pinnedNews} loading="Loading the pinned memos...">
              {(memos) => <PinnedMemos memos={memos} />}
            </Awaited>
          </div>
          <Awaited value={data.news} loading="Loading news...">
            {(news) => <NewsList news={news} />}
          </Awaited>
        </Deferred>
      ),
      games: (
        <Deferred minHeight="16rem" label="Loading games...">
          <GameCards headingLevel={3} showComingSoon={false} />
        </Deferred>
      ),
      merch: (
        <Deferred minHeight="24rem" label="Loading merchandise...">
          <MerchCards limit={4} />
        </Deferred>
      ),
      soundtrack: (
        <Deferred minHeight="24rem" label="Loading soundtracks...">
          <HomeSoundtrack volumes={data.soundtrack} />
        </Deferred>
      ),
      bts: (
        <Deferred minHeight="14rem" label="Loading behind the scenes content...">
          <BtsRandomGrid videos={data.bts} />
        </Deferred>
      ),
      fanClub: (
        <Deferred minHeight="20rem" label="Loading the fan club form...">
          <FanClubForm />
        </Deferred>
      ),
    }),
    [data],
  )
  return <HomePage headerVideo={data.headerVideo} watchNow={<WatchNow />} {...sections} />
}
