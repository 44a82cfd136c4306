// The site's one news date format, shared by the news pages and the admin preview. News dates
// are calendar dates ('2025-09-06'), not instants: they are read and written in UTC
// so a visitor west of Greenwich never sees the day before.
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
