// One news row drawn as a memo: a dated header line, the headline, the summary.
import { useId } from 'react'
import type { NewsItem } from './api/fetch-news'
import { formatNewsDate } from '../../lib/news-date'

export function NewsMemo({ item }: { item: NewsItem }) {
  const id = useId()
  return (
    <article className="news-memo" aria-labelledby={id}>
      <p className="news-memo__head">
        <span className="news-memo__kind">Memo</span>
        <time className="news-memo__date" dateTime={item.date.slice(0, 10)}>
          {formatNewsDate(item.date)}
        </time>
      </p>
      <h3 id={id} className="news-memo__headline">
        {item.headline}
      </h3>
      <p className="news-memo__summary">{item.summary}</p>
    </article>
  )
}
