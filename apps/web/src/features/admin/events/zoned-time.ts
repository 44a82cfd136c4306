// Wall-clock times in a named time zone, as the events editor needs them: the team types "6 Sep
// 2025, 19:00, America/New_York" and the database stores the instant; editing shows the same wall
// time again. Intl knows every zone's offsets (daylight saving included); these only convert.
import { PARTS } from '../../../ui/event-time'

type WallTime = { date: string; time: string }

const partsFormat = new Map<string, Intl.DateTimeFormat>()

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormat.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    partsFormat.set(timeZone, f)
  }
  return f
}

/** The wall-clock fields of an instant in `timeZone`. */
function wallFields(ms: number, timeZone: string): Record<string, number> {
  const fields: Record<string, number> = {}
  for (const p of formatIn(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') fields[p.type] = Number(p.value)
  }
  return fields
}

/** How far `timeZone`'s clocks are ahead of UTC at the instant `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const f = wallFields(ms, timeZone)
  const asUtc = Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!)
  return asUtc - Math.floor(ms / 1000) * 1000
}

/** Whether Intl knows the zone (a name the database knows too). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatIn(timeZone)
    return true
  } catch {
    return false
  }
}

/**
 * The instant (ISO, UTC) a wall-clock time in `timeZone` names. A time that does not exist (in
 * the hour clocks skip in spring) moves forward by the skipped hour, as clocks do.
 */
export function zonedToInstant({ date, time }: WallTime, timeZone: string): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number]
  const [h, mi] = time.split(':').map(Number) as [number, number]
  const guess = Date.UTC(y, mo - 1, d, h, mi)
  const o1 = offsetAt(guess, timeZone)
  const o2 = offsetAt(guess - o1, timeZone)
  if (o1 === o2) return new Date(guess - o1).toISOString()
  const o3 = offsetAt(guess - o2, timeZone)
  if (o2 === o3) return new Date(guess - o2).toISOString()
  // In the gap: the offset from before the change puts the time as far forward as clocks jumped.
  return new Date(guess - Math.min(o1, o2)).toISOString()
}

/** The wall-clock date and time of an instant in `timeZone`, for the editor's fields. */
export function instantToZoned(iso: string, timeZone: string): WallTime {
  const f = wallFields(Date.parse(iso), timeZone)
  const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0')
  return {
    date: `${f.year}-${pad(f.month)}-${pad(f.day)}`,
    time: `${pad(f.hour)}:${pad(f.minute)}`,
  }
}

/** An event's start as the team reads it: 'Sat, Sep 6, 2025, 7:00 PM EDT'. */
export function describeStart(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { ...PARTS, timeZone, timeZoneName: 'short' }).format(
    new Date(iso),
  )
}

/** Every zone the browser knows, the team member's own first. */
export function timeZoneChoices(own: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const list = all.includes('UTC') ? all : [...all, 'UTC']
  return [own, ...list.filter((z) => z !== own)]
}
