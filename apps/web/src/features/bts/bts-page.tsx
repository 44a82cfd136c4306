// /bts: the four episode groups, each a video player with its playlist (SPEC §2 BTS). While the
// bucket is listed the page shows a loading notice; after a failure (toasted by the hook) every
// group reads 'No videos available'.
import { useMemo } from 'react'
import { LoadingState } from '../../ui/loading-state'
import { SubPage } from '../../ui/sub-page'
import { BtsGroupPlayer } from './bts-group-player'
import { groupBtsMedia } from './bts-groups'
import { useBtsMedia } from './use-bts-media'
import './bts.css'

export function BtsPage() {
  const state = useBtsMedia()
  const groups = useMemo(
    () =>
      groupBtsMedia(state.status === 'ready' ? state.media : [], (name) =>
        console.warn(`Behind the scenes: ignored '${name}' (not 'Episode N - <Title>')`),
      ),
    [state],
  )
  return (
    <SubPage heading="Behind the Scenes" intro="How the building gets drawn, voiced and scored.">
      {state.status === 'loading' ? (
        <LoadingState label="Loading behind the scenes content..." />
      ) : (
        <div className="bts-page">
          {groups.map((group) => (
            <BtsGroupPlayer key={group.episode} group={group} />
          ))}
        </div>
      )}
    </SubPage>
  )
}
