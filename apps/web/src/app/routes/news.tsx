// News with the pinned Q&A memo and the team-application card composed in; the news from the
// database through the loader.
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { pageTitle } from '../../content/site'
import { AudienceSignupCard } from '../../features/audience-signup/audience-signup-card'
import { fetchNews } from '../../features/news/api/fetch-news'
import { NewsPage } from '../../features/news/news-page'
import { TeamApplicationCard } from '../../features/team-application/team-application-card'
import { loaderData } from '../../lib/loader-data'
import { isoCalendarDate } from '../../lib/news-date'
import { settle } from '../../lib/read-result'
import { readClient } from '../../lib/supabase'
import type { RouteHandle } from '../route-handle'

export const handle: RouteHandle = {
  title: pageTitle('News'),
  description: 'The latest Rent Due news, newest first, plus the virtual Meet the Cast Q&A.',
}

export async function loader({ context }: LoaderFunctionArgs) {
  const client = await readClient(context)
  const reads = await loaderData({ news: settle('the news', () => fetchNews(client)) })
  return { ...reads, today: isoCalendarDate(new Date()) }
}

export function Component() {
  const { news, today } = useLoaderData<typeof loader>()
  return (
    <NewsPage
      news={news}
      pinned={
        <>
          <AudienceSignupCard />
          <TeamApplicationCard today={today} />
        </>
      }
    />
  )
}
