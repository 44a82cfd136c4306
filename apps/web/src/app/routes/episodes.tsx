import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { pageTitle } from '../../content/site'
import { fetchEpisodes } from '../../features/episodes/api/fetch-episodes'
import { EpisodesPage } from '../../features/episodes/episodes-page'
import { loaderData } from '../../lib/loader-data'
import { settle } from '../../lib/read-result'
import { readClient } from '../../lib/supabase'
import type { RouteHandle } from '../route-handle'

export const handle: RouteHandle = {
  title: pageTitle('Episodes'),
  description:
    'Watch every episode of Rent Due: three broke roommates, one landlady and a year of late rent.',
}

export async function loader({ context }: LoaderFunctionArgs) {
  const client = await readClient(context)
  return loaderData({ episodes: settle('the episodes', () => fetchEpisodes(client)) })
}

export function Component() {
  return <EpisodesPage episodes={useLoaderData<typeof loader>().episodes} />
}
