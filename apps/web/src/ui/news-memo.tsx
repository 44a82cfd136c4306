// One news row drawn as a memo: a dated header line, the headline, the summary. The news pages
// list them; the admin console previews a row being written with the very same component.
import { useId } from 'react'
import { formatNewsDate } from '../lib/news-date'
import './news-memo.css'

type NewsMemoProps = {
  /** A calendar date, '2025-09-06' (a timestamp is cut to its date). */
  date: string
  headline: string
  summary: string
  /** The article's accessible name; by default its headline. */
  label?: string
  className?: string
  /** The memo's kind line: 'Memo', or 'Pinned memo' where the team pinned it. */
  kind?: string
}

export function NewsMemo({
  date,
  headline,
  summary,
  label,
  className,
  kind = 'Memo',
}: NewsMemoProps) {
  const id = useId()
  return (
    <article
      className={className ? `news-memo ${className}` : 'news-memo'}
      aria-label={label}
      aria-labelledby={label ? undefined : id}
    >
      <p className="news-memo__head">
        <span className="news-memo__kind">{kind}</span>
        <time className="news-memo__date" dateTime={date.slice(0, 10)}>
          {formatNewsDate(date)}
        </time>
      </p>
      <h3 id={id} className="news-memo__headline">
        {headline}
      </h3>
      <p className="news-memo__summary">{summary}</p>
    </article>
  )
}
