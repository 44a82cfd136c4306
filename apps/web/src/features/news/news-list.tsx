// The database news as memos on the corkboard, newest first (docs/product/pages.md#news, Home),
// from the route's loader: an item the admin added shows on the next visit. Text is rendered as
// text (React escapes it). 'No memos on the board yet' only when the table really has none: a
// failed load is only logged (docs/product/errors.md#when-a-read-fails), so the list then makes no
// claim at all: while the browser reads again after the server's read failed it says it is loading,
// and after that it shows nothing.
import { newsAnchor } from '../../lib/item-anchors'
import type { ReadResult } from '../../lib/read-result'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import { LoadingState } from '../../ui/loading-state'
import { NewsMemo } from '../../ui/news-memo'
import { RetryInBrowser } from '../../ui/retry-in-browser'
import type { NewsItem } from './api/fetch-news'
import './news-list.css'

export function NewsList({ news }: { news: ReadResult<NewsItem[]> }) {
  if (news.status === 'unavailable') return <BackInAMoment />
  if (news.status === 'failed') {
    if (!news.retryInBrowser) return null
    return (
      <>
        <RetryInBrowser />
        <LoadingState label="Loading news..." />
      </>
    )
  }
  if (news.data.length === 0) {
    return <p className="news-empty">No memos on the board yet. Check back soon.</p>
  }
  return (
    <ol className="news-list" aria-label="News">
      {news.data.map((item) => (
        <li key={item.id} id={newsAnchor(item.id)} className="news-list__item">
          <NewsMemo date={item.date} headline={item.headline} summary={item.summary} />
        </li>
      ))}
    </ol>
  )
}
