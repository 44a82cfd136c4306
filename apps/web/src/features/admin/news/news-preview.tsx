// How a news row will look on the site, drawn from the form as the admin types: the site's own
// memo component, with placeholders for what is still empty.
import { NewsMemo } from '../../../ui/news-memo'

type NewsPreviewProps = { date: string; headline: string; summary: string }

export function NewsPreview({ date, headline, summary }: NewsPreviewProps) {
  return (
    <NewsMemo
      className="news-preview"
      label="Preview of the news row"
      date={date || 'No date yet'}
      headline={headline.trim() || 'Your headline'}
      summary={summary.trim() || 'Your summary.'}
    />
  )
}
