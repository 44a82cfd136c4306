// The site's news date format ('September 6, 2025', UTC so the day never shifts), repeated here
// because the admin feature may not import the news feature. Keep it in step with
// features/news/news-date.ts.
const format = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
})

/** '2025-09-06' → 'September 6, 2025'; anything unparsable is shown as it came. */
export function formatNewsDate(isoDate: string): string {
  const time = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(time) ? isoDate : format.format(time)
}
