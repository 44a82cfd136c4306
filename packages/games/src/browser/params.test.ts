import { describe, expect, it } from 'vitest'
import { readGameParams } from './params'

describe('readGameParams', () => {
  it('takes ?seed and ?speed from the URL', () => {
    expect(readGameParams('?seed=42&speed=20')).toEqual({ seed: 42, speed: 20, perf: false })
    expect(readGameParams('?seed=7&perf=1')).toEqual({ seed: 7, speed: 1, perf: true })
  })

  it('caps the speed and ignores nonsense', () => {
    expect(readGameParams('?seed=1&speed=9999').speed).toBe(50)
    expect(readGameParams('?seed=1&speed=-3').speed).toBe(1)
    expect(readGameParams('?seed=1&speed=fast').speed).toBe(1)
    expect(readGameParams('?seed=1&speed=0.5').speed).toBe(0.5)
  })

  it('draws a fresh 32-bit seed when none (or a malformed one) is given', () => {
    const seeds = new Set(Array.from({ length: 20 }, () => readGameParams('').seed))
    expect(seeds.size).toBeGreaterThan(15)
    for (const seed of seeds) {
      expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff).toBe(true)
    }
    expect(readGameParams('?seed=-5').seed).not.toBe(-5)
    expect(readGameParams('?seed=4294967295').seed).toBe(4294967295)
  })
})
