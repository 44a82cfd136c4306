// Memos the team pinned, drawn like every memo but marked as pinned, for the Pinned part of Home
// and News. A failed read of them says so (Home reads them on their own).
import type { ReadResult } from '../../lib/read-result'
import { NewsMemo } from '../../ui/news-memo'
import type { NewsItem } from './api/fetch-news'

export function PinnedMemos({ memos }: { memos: ReadResult<NewsItem[]> }) {
  if (memos.status !== 'ready') {
    return <p className="pinned-failed">The pinned memos could not be loaded.</p>
  }
  return memos.data.map((item) => (
    <NewsMemo
      key={item.id}
      className="news-memo--pinned"
      kind="Pinned memo"
      date={item.date}
      headline={item.headline}
      summary={item.summary}
    />
  ))
}
