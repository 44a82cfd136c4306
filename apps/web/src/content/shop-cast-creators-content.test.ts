// Invariants of the hand-edited content behind Shop, Cast and Creators
// (docs/product/data.md#content-in-the-code).
import { describe, expect, it } from 'vitest'
import { castEntries, castGroups } from './cast'
import { characters } from './characters'
import { creators } from './creators'
import { MERCH_STORE_URL, merchItems } from './merch'

function isHttps(url: string): boolean {
  return new URL(url).protocol === 'https:'
}

describe('merch', () => {
  it('has 13 items with unique ids', () => {
    expect(merchItems).toHaveLength(13)
    expect(new Set(merchItems.map((m) => m.id)).size).toBe(13)
  })

  it('prices are two-decimal USD texts from exactly 8.00 to exactly 28.00', () => {
    const prices = merchItems.map((m) => {
      expect(m.price).toMatch(/^\d+\.\d{2}$/)
      expect(m.currency).toBe('USD')
      return Number(m.price)
    })
    for (const p of prices) expect(p).toBeGreaterThanOrEqual(8)
    for (const p of prices) expect(p).toBeLessThanOrEqual(28)
    expect(Math.min(...prices)).toBe(8)
    expect(Math.max(...prices)).toBe(28)
  })

  it('links every item to its own https store page, available, with text and art', () => {
    expect(isHttps(MERCH_STORE_URL)).toBe(true)
    for (const m of merchItems) {
      expect(isHttps(m.url)).toBe(true)
      expect(m.url).toBe(`${MERCH_STORE_URL}/${m.id}`)
      expect(m.status).toBe('available')
      expect(m.title.trim()).not.toBe('')
      expect(m.description.trim()).not.toBe('')
      expect(m.image).not.toBe('')
    }
    expect(new Set(merchItems.map((m) => m.image)).size).toBe(13)
  })
})

describe('cast', () => {
  it('has about 50 entries with unique ids', () => {
    expect(castEntries.length).toBeGreaterThanOrEqual(45)
    expect(castEntries.length).toBeLessThanOrEqual(55)
    expect(new Set(castEntries.map((c) => c.id)).size).toBe(castEntries.length)
  })

  it('has the 4 main characters of content/characters.ts, first', () => {
    const main = castEntries.filter((c) => c.group === 'main')
    expect(main.map((c) => c.id)).toEqual(characters.map((c) => c.id))
    expect(main.map((c) => c.character)).toEqual(characters.map((c) => c.name))
    expect(castEntries.slice(0, 4)).toEqual(main)
  })

  it('has about 18 supporting characters including the crackhead trio', () => {
    const supporting = castEntries.filter((c) => c.group === 'supporting')
    expect(supporting.length).toBeGreaterThanOrEqual(16)
    expect(supporting.length).toBeLessThanOrEqual(20)
    expect(supporting.filter((c) => c.description === 'Crackhead trio')).toHaveLength(3)
  })

  it('gives every entry a character and an actor, and every group a heading', () => {
    for (const c of castEntries) {
      expect(c.character.trim()).not.toBe('')
      expect(c.actor.trim()).not.toBe('')
    }
    expect(castGroups.map((g) => g.group).sort()).toEqual(['main', 'recurring', 'supporting'])
  })
})

describe('creators', () => {
  it('has 4 people with unique ids, a role and https social links', () => {
    expect(creators).toHaveLength(4)
    expect(new Set(creators.map((c) => c.id)).size).toBe(4)
    for (const c of creators) {
      expect(c.role.trim()).not.toBe('')
      expect(c.socials.length).toBeGreaterThan(0)
      for (const s of c.socials) expect(isHttps(s.url)).toBe(true)
    }
  })
})
