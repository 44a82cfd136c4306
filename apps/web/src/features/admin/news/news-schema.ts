// Client-side mirror of the news table's CHECKs (supabase/migrations/0002): the editor refuses
// what the database would refuse, with a message the team can act on. The database decides.
import { z } from 'zod'

export const HEADLINE_MAX = 120
export const SUMMARY_MAX = 2000

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** True for a real calendar date written YYYY-MM-DD (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

export const newsSchema = z.object({
  date: z
    .string()
    .trim()
    .min(1, 'Please choose a date.')
    .refine(isCalendarDate, 'Please enter a real date, like 2025-09-06.'),
  headline: z
    .string()
    .trim()
    .min(1, 'Please enter a headline.')
    .max(HEADLINE_MAX, `The headline must be at most ${HEADLINE_MAX} characters.`),
  summary: z
    .string()
    .trim()
    .min(1, 'Please enter a summary.')
    .max(SUMMARY_MAX, `The summary must be at most ${SUMMARY_MAX} characters.`),
  /** Shown in the Pinned section of Home and News as well (migration 0021). */
  pinned: z.boolean().optional(),
})

export type NewsValues = z.infer<typeof newsSchema>

/** A news row as the API returns it. */
export type NewsRow = NewsValues & { id: number; pinned: boolean }

/** Today in the team member's own calendar as YYYY-MM-DD, the default for a new item. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
