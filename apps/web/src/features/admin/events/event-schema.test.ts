import { describe, expect, it } from 'vitest'
import { eventSchema } from './event-schema'

const valid = {
  title: 'Table read, live',
  summary: 'The cast reads episode 5.',
  date: '2026-11-20',
  time: '18:00',
  time_zone: 'America/New_York',
  place: '',
  link_url: 'https://example.com/live',
  signup_form: 'none' as const,
  pinned: true,
}

function firstError(change: Partial<typeof valid>): string | undefined {
  const result = eventSchema.safeParse({ ...valid, ...change })
  return result.success ? undefined : result.error.issues[0]?.message
}

describe('eventSchema (mirrors migration 0021)', () => {
  it('accepts an online event and a place-only one', () => {
    expect(firstError({})).toBeUndefined()
    expect(firstError({ link_url: '', place: 'The Briggs Arms lobby' })).toBeUndefined()
  })

  it.each([
    [{ title: '  ' }, 'Please enter a title.'],
    [{ link_url: 'http://example.com' }, 'The link must start with https://.'],
    [{ link_url: 'javascript:alert(1)' }, 'The link must start with https://.'],
    [{ link_url: '', place: '' }, 'Give a place, a link to join, or both.'],
    [{ place: 'Lobby\nBack door' }, 'The place must be one line.'],
    [{ time_zone: 'Mars/Olympus' }, 'Please choose a time zone from the list.'],
    [{ time: '' }, 'Please choose the time.'],
  ])('refuses %j: %s', (change, message) => {
    expect(firstError(change)).toBe(message)
  })
})
