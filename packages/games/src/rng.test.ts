import { describe, expect, it } from 'vitest'
import { createRng, seedFromString } from './rng'

describe('seeded rng', () => {
  it('repeats the same sequence for the same seed and resumes from a snapshot', () => {
    const a = createRng(123)
    const b = createRng(123)
    const seqA = Array.from({ length: 5 }, () => a.next())
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA)
    const resumed = createRng(a.state)
    expect(resumed.next()).toBe(a.next())
    expect(createRng(124).next()).not.toBe(seqA[0])
  })

  it('keeps every helper inside its range', () => {
    const rng = createRng(7)
    const seen = new Set<number>()
    let [fMin, fMax, rMin, rMax] = [Infinity, -Infinity, Infinity, -Infinity]
    let allIntegers = true
    for (let i = 0; i < 5000; i++) {
      const f = rng.next()
      fMin = Math.min(fMin, f)
      fMax = Math.max(fMax, f)
      const n = rng.int(-2, 3)
      allIntegers &&= Number.isInteger(n)
      seen.add(n)
      const r = rng.range(10, 20)
      rMin = Math.min(rMin, r)
      rMax = Math.max(rMax, r)
    }
    expect(fMin).toBeGreaterThanOrEqual(0)
    expect(fMax).toBeLessThan(1)
    expect(rMin).toBeGreaterThanOrEqual(10)
    expect(rMax).toBeLessThan(20)
    expect(allIntegers).toBe(true)
    expect([...seen].sort((x, y) => x - y)).toEqual([-2, -1, 0, 1, 2, 3])
    expect(() => rng.int(3, 2)).toThrow(RangeError)
    expect(() => rng.pick([])).toThrow(RangeError)
  })

  it('chance(p) hits about p of the time, and never/always at the ends', () => {
    const rng = createRng(99)
    let hits = 0
    for (let i = 0; i < 20_000; i++) if (rng.chance(0.3)) hits++
    expect(hits / 20_000).toBeGreaterThan(0.29)
    expect(hits / 20_000).toBeLessThan(0.31)
    expect(rng.chance(0)).toBe(false)
    expect(rng.chance(1)).toBe(true)
  })

  it('shuffles into a permutation without touching the input, and picks members', () => {
    const rng = createRng(5)
    const items = [1, 2, 3, 4, 5, 6, 7, 8]
    const shuffled = rng.shuffle(items)
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect([...shuffled].sort((x, y) => x - y)).toEqual(items)
    expect(shuffled).not.toEqual(items)
    expect(items).toContain(rng.pick(items))
  })

  it('turns strings into stable 32-bit seeds', () => {
    expect(seedFromString('rent due')).toBe(seedFromString('rent due'))
    expect(seedFromString('rent due')).not.toBe(seedFromString('rent paid'))
    expect(seedFromString('')).toBe(0x811c9dc5)
  })
})
