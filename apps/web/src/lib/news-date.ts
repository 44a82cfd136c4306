// The site's news date formats, shared by the news pages and the admin preview. News dates are
// calendar dates ('2025-09-06'), not instants: they are read and written in UTC so a visitor west
// of Greenwich never sees the day before. Written by hand rather than with Intl: a page's first
// Intl.DateTimeFormat costs ~50 ms of main thread on a desktop CPU (its locale and time zone
// data), several times that on a phone, and these are the only dates on the public pages.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** '2025-09-06' → 'September 6, 2025'; anything unparsable is shown as it came. */
export function formatNewsDate(isoDate: string): string {
  const time = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(time)) return isoDate
  const date = new Date(time)
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
}

/** A day in the visitor's time zone as US short form, '11/22/2026' (toLocaleDateString('en-US')). */
export function formatShortDate(date: Date): string {
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`
}

/** A day in the visitor's time zone as an ISO calendar date, '2026-11-22', for <time dateTime>. */
export function isoCalendarDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
