import { describe, expect, it } from 'vitest'
import { nextScrolledPast } from './use-scrolled-past'

describe('nextScrolledPast', () => {
  it('switches on only past the threshold', () => {
    expect(nextScrolledPast(false, 40, 40, 20)).toBe(false)
    expect(nextScrolledPast(false, 41, 40, 20)).toBe(true)
  })

  it('stays on between the release mark and the threshold, so the header cannot flicker', () => {
    expect(nextScrolledPast(true, 30, 40, 20)).toBe(true)
    expect(nextScrolledPast(true, 21, 40, 20)).toBe(true)
  })

  it('switches off at or under the release mark', () => {
    expect(nextScrolledPast(true, 20, 40, 20)).toBe(false)
    expect(nextScrolledPast(true, 0, 40, 20)).toBe(false)
  })
})
