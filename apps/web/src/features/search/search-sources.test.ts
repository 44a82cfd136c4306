import { describe, expect, it } from 'vitest'
import { castEntries } from '../../content/cast'
import { merchItems } from '../../content/merch'
import { searchEntries } from './search-match'
import { gamePages, sitePages, staticEntries } from './search-sources'

describe('staticEntries', () => {
  const all = staticEntries()

  it('holds every page, game, character, cast entry and merch item', () => {
    const count = (kind: string) => all.filter((e) => e.kind === kind).length
    expect(count('page')).toBe(sitePages.length)
    expect(count('game')).toBe(4)
    expect(count('character')).toBe(4)
    expect(count('cast')).toBe(castEntries.length)
    expect(count('merch')).toBe(merchItems.length)
  })

  it('links each kind where the brief says', () => {
    expect(gamePages.map((g) => g.to)).toEqual([
      '/games/fan-quiz',
      '/games/whack-a-bertha',
      '/games/bill-collector',
      '/games/penny-pitchers',
    ])
    for (const e of all) {
      if (e.kind === 'character' || e.kind === 'cast') expect(e.to).toBe('/cast')
      if (e.kind === 'merch') expect(e.to).toBe('/shop')
    }
  })

  it('finds Bertha as a character and in the cast, and a game by its name', () => {
    const groups = searchEntries(all, 'bertha')
    const kinds = groups.map((g) => g.kind)
    expect(kinds).toContain('character')
    expect(kinds).toContain('cast')
    expect(groups.find((g) => g.kind === 'character')?.entries[0]?.title).toBe('Bertha Briggs')
    const games = searchEntries(all, 'whack')
    expect(games.find((g) => g.kind === 'game')?.entries.map((e) => e.to)).toEqual([
      '/games/whack-a-bertha',
    ])
  })
})
