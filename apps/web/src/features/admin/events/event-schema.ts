// The events editor's rules, mirroring the table's CHECKs (migration 0021): the database stays
// the authority and its refusals are shown too. The start is a date and a time on the clocks of
// the chosen time zone; the form turns them into the instant stored.
import { z } from 'zod'
import { isTimeZone } from './zoned-time'

export const TITLE_MAX = 120
export const SUMMARY_MAX = 2000
export const PLACE_MAX = 200
export const LINK_MAX = 1000

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

export const SIGNUP_FORMS = [
  { value: 'audience_signups', label: 'The Q&A sign-up (Virtual Meet the Cast Q&A)' },
  { value: 'none', label: 'None' },
] as const

export const eventSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Please enter a title.')
      .max(TITLE_MAX, `The title must be at most ${TITLE_MAX} characters.`),
    summary: z
      .string()
      .trim()
      .min(1, 'Please say what the event is.')
      .max(SUMMARY_MAX, `The description must be at most ${SUMMARY_MAX} characters.`),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose the day.'),
    time: z.string().regex(/^\d{2}:\d{2}$/, 'Please choose the time.'),
    time_zone: z.string().refine(isTimeZone, 'Please choose a time zone from the list.'),
    place: z
      .string()
      .trim()
      .max(PLACE_MAX, `The place must be at most ${PLACE_MAX} characters.`)
      .refine((v) => !CONTROL.test(v), 'The place must be one line.'),
    link_url: z
      .string()
      .trim()
      .max(LINK_MAX, `The link must be at most ${LINK_MAX} characters.`)
      .refine((v) => v === '' || /^https:\/\/[^/\s]/.test(v), 'The link must start with https://.')
      .refine((v) => !CONTROL.test(v), 'The link may not contain line breaks or tabs.'),
    signup_form: z.enum(['audience_signups', 'none']),
    pinned: z.boolean(),
  })
  .refine((v) => v.place !== '' || v.link_url !== '', {
    message: 'Give a place, a link to join, or both.',
    path: ['place'],
  })

export type EventValues = z.infer<typeof eventSchema>
