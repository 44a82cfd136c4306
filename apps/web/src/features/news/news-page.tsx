import type { ReactNode } from 'react'
import { LoadingState } from '../../ui/loading-state'
import { SubPage } from '../../ui/sub-page'

/** News: the frame is ready; the content arrives with its own issue. */
export function NewsPage({ pinned }: { pinned?: ReactNode } = {}) {
  return (
    <SubPage heading="News" intro="Memos from the lobby corkboard, newest first.">
      {pinned && <div className="form-cards">{pinned}</div>}
      <LoadingState label="Loading news..." />
    </SubPage>
  )
}
