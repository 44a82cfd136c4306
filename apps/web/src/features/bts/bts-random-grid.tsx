// Home's behind-the-scenes grid (SPEC §2 Home, §9): three random clips from the bucket. Until
// there is a clip to show (loading, an empty bucket, a failed list) it reads
// 'Loading behind the scenes content...' (BtsTiles).
import { useMemo, useState } from 'react'
import { groupBtsMedia, pickRandom } from './bts-groups'
import { BtsTiles } from './bts-tiles'
import { useBtsMedia } from './use-bts-media'

type BtsRandomGridProps = {
  /** Numbers in [0, 1); tests pass a seeded source. */
  random?: () => number
  count?: number
}

export function BtsRandomGrid({ random = Math.random, count = 3 }: BtsRandomGridProps = {}) {
  const state = useBtsMedia()
  // Read once: a new function identity on a re-render must not reshuffle the grid.
  const [rng] = useState(() => random)
  const picked = useMemo(() => {
    if (state.status !== 'ready') return []
    const videos = groupBtsMedia(state.media).flatMap((group) => group.videos)
    return pickRandom(videos, count, rng)
  }, [state, count, rng])

  return <BtsTiles videos={picked} />
}
