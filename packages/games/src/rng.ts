// A small seeded PRNG (mulberry32) handed to every game's rules, so a seed plus a list of inputs
// always replays the same game. Its whole state is one 32-bit integer: `state` can be read to
// snapshot a game and `createRng(rng.state)` resumes it exactly where it was.

export interface Rng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number
  /** A float in [min, max). */
  range(min: number, max: number): number
  /** True with probability p (p ≤ 0 never, p ≥ 1 always). */
  chance(p: number): boolean
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T
  /** A shuffled copy (Fisher–Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[]
  /** The current internal state, to snapshot and resume. */
  readonly state: number
}

/** Turns any string (a date, a player name) into a 32-bit seed. */
export function seedFromString(text: string): number {
  // FNV-1a: tiny, well spread, stable across engines.
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0

  function next(): number {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  function int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`int(${min}, ${max}): need integers with min ≤ max`)
    }
    return min + Math.floor(next() * (max - min + 1))
  }

  return {
    next,
    int,
    range: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick() from an empty list')
      return items[int(0, items.length - 1)] as T
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice()
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i)
        const tmp = out[i] as T
        out[i] = out[j] as T
        out[j] = tmp
      }
      return out
    },
    get state() {
      return a
    },
  }
}
