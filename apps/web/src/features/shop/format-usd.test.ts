import { describe, expect, it } from 'vitest'
import { formatUsd } from './format-usd'

describe('formatUsd', () => {
  it('shows price text as US dollars with cents', () => {
    expect(formatUsd('8.00')).toBe('$8.00')
    expect(formatUsd('18.5')).toBe('$18.50')
    expect(formatUsd('28.00')).toBe('$28.00')
    expect(formatUsd('1200.00')).toBe('$1,200.00')
  })
})
