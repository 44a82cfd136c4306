import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { pageTitle } from '../../content/site'
import { listBtsMedia } from '../../features/bts/api/list-bts-media'
import { BtsPage } from '../../features/bts/bts-page'
import { loaderData } from '../../lib/loader-data'
import { settle } from '../../lib/read-result'
import { readClient } from '../../lib/supabase'
import type { RouteHandle } from '../route-handle'

export const handle: RouteHandle = {
  title: pageTitle('Behind the Scenes'),
  description: 'Behind the scenes of Rent Due: how each episode is drawn, voiced and scored.',
}

export async function loader({ context }: LoaderFunctionArgs) {
  const client = await readClient(context)
  return loaderData({
    media: settle('the behind the scenes videos', () => listBtsMedia(client)),
  })
}

export function Component() {
  return <BtsPage media={useLoaderData<typeof loader>().media} />
}
