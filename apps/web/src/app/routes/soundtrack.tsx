import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { pageTitle } from '../../content/site'
import { SoundtrackPage } from '../../features/soundtrack/soundtrack-page'
import { loaderData } from '../../lib/loader-data'
import { loadSoundtrackVolumes } from '../../lib/soundtrack-tracks'
import { readClient } from '../../lib/supabase'
import type { RouteHandle } from '../route-handle'

export const handle: RouteHandle = {
  title: pageTitle('Soundtrack'),
  description:
    'Listen to the four Rent Due soundtrack volumes, from the 1st to the 4th, in the building’s own player.',
}

export async function loader({ context }: LoaderFunctionArgs) {
  const client = await readClient(context)
  return loaderData({ volumes: loadSoundtrackVolumes(client) })
}

export function Component() {
  return <SoundtrackPage volumes={useLoaderData<typeof loader>().volumes} />
}
