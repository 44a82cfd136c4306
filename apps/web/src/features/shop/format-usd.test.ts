import { describe, expect, it } from 'vitest'
import { formatUsd } from './format-usd'

describe('formatUsd', () => {
  it('shows price text as US dollars with cents', () => {
    expect(formatUsd('8.00')).toBe('$8.00')
    expect(formatUsd('18.5')).toBe('$18.50')
    expect(formatUsd('28.00')).toBe('$28.00')
    expect(formatUsd('1200.00')).toBe('$1,200.00')
    expect(formatUsd('1234567.899')).toBe('$1,234,567.90')
    expect(formatUsd('0.05')).toBe('$0.05')
  })

  it('writes what Intl.NumberFormat writes for US dollars', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
    for (const price of ['8', '8.00', '12.34', '27.999', '999.995', '1000', '-3.5']) {
      expect(formatUsd(price)).toBe(intl.format(Number(price)))
    }
  })

  it('shows text that is not a number unchanged', () => {
    expect(formatUsd('free')).toBe('free')
  })
})
