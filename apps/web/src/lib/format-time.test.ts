import { describe, expect, it } from 'vitest'
import { formatTime } from './format-time'

describe('formatTime', () => {
  it('shows minutes and two-digit seconds, rounded down', () => {
    expect(formatTime(0)).toBe('0:00')
    expect(formatTime(5.9)).toBe('0:05')
    expect(formatTime(65)).toBe('1:05')
    expect(formatTime(200)).toBe('3:20')
  })

  it('adds hours past an hour', () => {
    expect(formatTime(3723)).toBe('1:02:03')
  })

  it('reads anything unknown or negative as 0:00', () => {
    expect(formatTime(Number.NaN)).toBe('0:00')
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00')
    expect(formatTime(-3)).toBe('0:00')
  })
})
