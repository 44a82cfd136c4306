// Client-side mirror of the newsletter tables' CHECKs (supabase/migrations/0031): the editor
// refuses what the database would refuse, with a message the team can act on. The database decides.
import { z } from 'zod'

export const SUBJECT_MAX = 200
export const BODY_MAX = 100_000
/** The throttle's bounds, mails a minute across every server process (the table's CHECK). */
export const PER_MINUTE_MIN = 1
export const PER_MINUTE_MAX = 1_000_000
export const PER_MINUTE_DEFAULT = 600

export const AUDIENCES = [
  { value: 'fan_club', label: 'Fan club', describe: 'every confirmed fan-club member' },
  {
    value: 'merch_waitlist',
    label: 'Merch waitlist',
    describe: 'everyone confirmed on the merch waitlist',
  },
] as const

export type Audience = (typeof AUDIENCES)[number]['value']

export function audienceLabel(value: string): string {
  return AUDIENCES.find((a) => a.value === value)?.label ?? value
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

export const newsletterSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Please enter a subject.')
    .max(SUBJECT_MAX, `The subject must be at most ${SUBJECT_MAX} characters.`)
    .refine((s) => !CONTROL.test(s), 'The subject must be one line.'),
  body_markdown: z
    .string()
    .refine((s) => s.trim().length > 0, 'Please write the newsletter.')
    .refine((s) => s.length <= BODY_MAX, `The newsletter must be at most ${BODY_MAX} characters.`),
  audience: z.enum(['fan_club', 'merch_waitlist'], 'Please choose who gets it.'),
  per_minute: z.coerce
    .number<string | number>('Please enter a number of mails a minute.')
    .int('Please enter a whole number of mails a minute.')
    .min(PER_MINUTE_MIN, `At least ${PER_MINUTE_MIN} mail a minute.`)
    .max(PER_MINUTE_MAX, `At most ${PER_MINUTE_MAX.toLocaleString('en-US')} mails a minute.`),
})

export type NewsletterValues = z.infer<typeof newsletterSchema>

/** When a draft goes out: now, or at a wall-clock time in the team member's own zone. */
export const scheduleSchema = z
  .object({
    when: z.enum(['now', 'later']),
    date: z.string(),
    time: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.when === 'now') return
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Please choose a day.' })
    }
    if (!/^\d{2}:\d{2}$/.test(v.time)) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'Please choose a time.' })
    }
  })

export type ScheduleValues = z.infer<typeof scheduleSchema>

/** A send as the console lists it, with its counts (newsletter_send_progress). */
export type SendRow = {
  id: number
  subject: string
  body_markdown: string
  audience: Audience
  per_minute: number
  state: 'draft' | 'scheduled' | 'sending' | 'cancelled'
  send_at: string | null
  created_at: string
  recipient_count: number | null
  counts: DeliveryCounts
}

export const DELIVERY_STATES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'suppressed',
  'cancelled',
] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]
export type DeliveryCounts = Record<DeliveryState, number>

/** Whether a send still has mails to go out (the console refreshes its view meanwhile). */
export function isUnderway(row: Pick<SendRow, 'state' | 'counts'>): boolean {
  return (
    row.state === 'scheduled' ||
    (row.state === 'sending' && row.counts.queued + row.counts.sending > 0)
  )
}

/** A send's state in the team's words. */
export function sendStatus(row: Pick<SendRow, 'state' | 'counts'>): string {
  if (row.state === 'draft') return 'Draft'
  if (row.state === 'cancelled') return 'Cancelled'
  if (row.state === 'scheduled') return 'Scheduled'
  return isUnderway(row) ? 'Sending' : 'Sent'
}
