import { describe, expect, it } from 'vitest'
import {
  newsletterSchema,
  scheduleSchema,
  sendStatus,
  type DeliveryCounts,
} from './newsletter-schema'

const none: DeliveryCounts = {
  queued: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  suppressed: 0,
  cancelled: 0,
}

describe('newsletterSchema', () => {
  const ok = {
    subject: 'Rent is due',
    body_markdown: '# Hi',
    audience: 'fan_club',
    per_minute: '600',
  }

  it('takes a draft and reads the throttle as a number', () => {
    expect(newsletterSchema.parse(ok)).toEqual({ ...ok, per_minute: 600 })
  })

  it.each([
    [{ subject: ' ' }, 'Please enter a subject.'],
    [{ subject: 'two\nlines' }, 'The subject must be one line.'],
    [{ body_markdown: '  ' }, 'Please write the newsletter.'],
    [{ per_minute: '0' }, 'At least 1 mail a minute.'],
    [{ per_minute: '1000001' }, 'At most 1,000,000 mails a minute.'],
    [{ per_minute: '2.5' }, 'Please enter a whole number of mails a minute.'],
  ])('refuses %o: %s', (change, message) => {
    const result = newsletterSchema.safeParse({ ...ok, ...change })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(message)
  })
})

describe('scheduleSchema', () => {
  it('needs a day and a time only for a later send', () => {
    expect(scheduleSchema.safeParse({ when: 'now', date: '', time: '' }).success).toBe(true)
    const later = scheduleSchema.safeParse({ when: 'later', date: '', time: '' })
    expect(later.error?.issues.map((i) => i.message)).toEqual([
      'Please choose a day.',
      'Please choose a time.',
    ])
  })
})

describe('sendStatus', () => {
  it('says Sending while mails are still to go out, then Sent', () => {
    expect(sendStatus({ state: 'draft', counts: none })).toBe('Draft')
    expect(sendStatus({ state: 'scheduled', counts: none })).toBe('Scheduled')
    expect(sendStatus({ state: 'sending', counts: { ...none, queued: 3, sent: 1 } })).toBe(
      'Sending',
    )
    expect(sendStatus({ state: 'sending', counts: { ...none, sent: 4 } })).toBe('Sent')
    expect(sendStatus({ state: 'cancelled', counts: none })).toBe('Cancelled')
  })
})
