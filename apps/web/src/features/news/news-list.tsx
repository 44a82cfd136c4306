// The database news as memos on the corkboard, newest first (docs/product/pages.md#news, Home),
// from the route's loader: an item the admin added shows on the next visit. Text is rendered as
// text (React escapes it); a failed load was already logged and reads as "no memos yet"
// (docs/product/errors.md#when-a-read-fails).
import type { ReadResult } from '../../lib/read-result'
import { BackInAMoment } from '../../ui/back-in-a-moment'
import { NewsMemo } from '../../ui/news-memo'
import type { NewsItem } from './api/fetch-news'
import './news-list.css'

export function NewsList({ news }: { news: ReadResult<NewsItem[]> }) {
  if (news.status === 'unavailable') return <BackInAMoment />
  const items = news.status === 'ready' ? news.data : []
  if (items.length === 0) {
    return <p className="news-empty">No memos on the board yet. Check back soon.</p>
  }
  return (
    <ol className="news-list" aria-label="News">
      {items.map((item) => (
        <li key={item.id} className="news-list__item">
          <NewsMemo date={item.date} headline={item.headline} summary={item.summary} />
        </li>
      ))}
    </ol>
  )
}
