// How a news row looks on the site, drawn from the form as the admin types: a taped memo with a
// MEMO label and its date. A look-alike of features/news' memo (which this feature may not
// import); keep the two in step.
import { formatNewsDate } from '../../../lib/news-date'

type NewsPreviewProps = { date: string; headline: string; summary: string }

export function NewsPreview({ date, headline, summary }: NewsPreviewProps) {
  return (
    <article className="news-preview" aria-label="Preview of the news row">
      <p className="news-preview__head">
        <span className="news-preview__kind">Memo</span>
        <time dateTime={date}>{date ? formatNewsDate(date) : 'No date yet'}</time>
      </p>
      <p className="news-preview__headline">{headline.trim() || 'Your headline'}</p>
      <p className="news-preview__summary">{summary.trim() || 'Your summary.'}</p>
    </article>
  )
}
