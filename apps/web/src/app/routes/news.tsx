// News with the pinned notices composed in: the team's pinned events (the cast Q&A opens its
// sign-up dialog), the team-application card and the pinned memos; then the news from the
// database, all through the loader.
import { Suspense } from 'react'
import { Await, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { pageTitle } from '../../content/site'
import { fetchPinnedEvents } from '../../features/events/api/fetch-pinned-events'
import { PinnedEvents } from '../../features/events/pinned-events'
import { fetchNews } from '../../features/news/api/fetch-news'
import { NewsPage } from '../../features/news/news-page'
import { PinnedMemos } from '../../features/news/pinned-memos'
import { TeamApplicationCard } from '../../features/team-application/team-application-card'
import { loaderData } from '../../lib/loader-data'
import { isoCalendarDate } from '../../lib/news-date'
import { settle, type ReadResult } from '../../lib/read-result'
import { readClient } from '../../lib/supabase'
import { Awaited as AwaitedValue } from '../../ui/awaited'
import { eventAction } from '../event-actions'
import type { RouteHandle } from '../route-handle'

export const handle: RouteHandle = {
  title: pageTitle('News'),
  description: 'The latest Rent Due news, newest first, plus the virtual Meet the Cast Q&A.',
}

export async function loader({ context }: LoaderFunctionArgs) {
  const client = await readClient(context)
  const reads = await loaderData({
    news: settle('the news', () => fetchNews(client)),
    events: settle('the pinned events', () => fetchPinnedEvents(client)),
  })
  return { ...reads, today: isoCalendarDate(new Date()) }
}

/** The pinned ones of the news list (this page reads every row anyway). */
function pinnedOf<T extends { pinned?: boolean }>(news: ReadResult<T[]>): ReadResult<T[]> {
  return news.status === 'ready' ? { ...news, data: news.data.filter((n) => n.pinned) } : news
}

export function Component() {
  const { news, events, today } = useLoaderData<typeof loader>()
  return (
    <NewsPage
      news={news}
      pinned={
        <>
          <AwaitedValue value={events} loading="Loading the pinned events...">
            {(loaded) => <PinnedEvents events={loaded} actionFor={eventAction} />}
          </AwaitedValue>
          <TeamApplicationCard today={today} />
          <Suspense fallback={null}>
            <Await resolve={news}>
              {(loaded: Awaited<typeof news>) =>
                loaded.status === 'ready' ? <PinnedMemos memos={pinnedOf(loaded)} /> : null
              }
            </Await>
          </Suspense>
        </>
      }
    />
  )
}
