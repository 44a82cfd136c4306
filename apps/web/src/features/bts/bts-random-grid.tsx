// Home's behind-the-scenes grid (docs/product/pages.md#home): three random clips from the bucket,
// picked by Home's loader (so the page the server sends and the page the browser hydrates show the
// same three). Until there is a clip to show (loading, an empty bucket, a failed list) it reads
// 'Loading behind the scenes content...' (BtsTiles).
import type { Deferred } from '../../lib/loader-data'
import type { ReadResult } from '../../lib/read-result'
import { Awaited } from '../../ui/awaited'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import type { BtsVideo } from './bts-groups'
import { BTS_LOADING, BtsTiles } from './bts-tiles'
import { useBtsFailureToast } from './use-bts-failure-toast'

export function BtsRandomGrid({ videos }: { videos: Deferred<ReadResult<BtsVideo[]>> }) {
  return (
    <Awaited value={videos} loading={BTS_LOADING}>
      {(loaded) => <PickedTiles videos={loaded} />}
    </Awaited>
  )
}

function PickedTiles({ videos }: { videos: ReadResult<BtsVideo[]> }) {
  useBtsFailureToast(videos)
  if (videos.status === 'unavailable') return <BackInAMoment />
  return <BtsTiles videos={videos.status === 'ready' ? videos.data : []} />
}
