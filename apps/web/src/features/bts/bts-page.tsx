// /bts: the four episode groups, each a video player with its playlist
// (docs/product/pages.md#behind-the-scenes), from the route's loader. While the bucket is listed
// the page shows a loading notice. 'No videos available' only for a group that really has none:
// after a failure (toasted) the page says so instead of showing four empty groups.
import { useMemo } from 'react'
import type { Deferred } from '../../lib/loader-data'
import type { ReadResult } from '../../lib/read-result'
import { Awaited } from '../../ui/awaited'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import { SubPage } from '../../ui/sub-page'
import { BtsGroupPlayer } from './bts-group-player'
import { groupBtsMedia, type BtsMedia } from './bts-groups'
import { BTS_LOAD_FAILED, useBtsFailureToast } from './use-bts-failure-toast'
import './bts.css'

type BtsPageProps = { media: Deferred<ReadResult<BtsMedia[]>> }

export function BtsPage({ media }: BtsPageProps) {
  return (
    <SubPage heading="Behind the Scenes" intro="How the building gets drawn, voiced and scored.">
      <Awaited value={media} loading="Loading behind the scenes content...">
        {(loaded) => <BtsGroups media={loaded} />}
      </Awaited>
    </SubPage>
  )
}

function BtsGroups({ media }: { media: ReadResult<BtsMedia[]> }) {
  useBtsFailureToast(media)
  const groups = useMemo(
    () =>
      groupBtsMedia(media.status === 'ready' ? media.data : [], (name) =>
        console.warn(`Behind the scenes: ignored '${name}' (not 'Episode N - <Title>')`),
      ),
    [media],
  )
  if (media.status === 'unavailable') return <BackInAMoment />
  if (media.status === 'failed') return <p className="read-failed">{BTS_LOAD_FAILED}</p>
  return (
    <div className="bts-page">
      {groups.map((group) => (
        <BtsGroupPlayer key={group.episode} group={group} />
      ))}
    </div>
  )
}
