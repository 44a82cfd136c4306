import { describe, expect, it } from 'vitest'
import { castEntries } from '../../content/cast'
import { merchItems } from '../../content/merch'
import { searchEntries } from './search-index'
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
    // Characters and cast members land on their cast card, merch on its card in the shop.
    const to = (kind: string, title: string) =>
      all.find((e) => e.kind === kind && e.title === title)?.to
    expect(to('character', 'Bertha Briggs')).toBe('/cast#cast-member-bertha')
    expect(to('cast', 'Bertha Briggs')).toBe('/cast#cast-member-bertha')
    expect(to('merch', 'PAST DUE Hoodie')).toBe('/shop#merch-past-due-hoodie')
    for (const e of all) {
      if (e.kind === 'character' || e.kind === 'cast') expect(e.to).toMatch(/^\/cast#cast-member-/)
      if (e.kind === 'merch') expect(e.to).toMatch(/^\/shop#merch-/)
    }
  })

  it("finds Bertha from 'berta' and the hoodie from 'hoody'", () => {
    const berta = searchEntries(all, 'berta')
    expect(berta.find((g) => g.kind === 'character')?.entries[0]?.title).toBe('Bertha Briggs')
    expect(berta.find((g) => g.kind === 'cast')?.entries[0]?.to).toBe('/cast#cast-member-bertha')
    const hoody = searchEntries(all, 'hoody')
    expect(hoody.find((g) => g.kind === 'merch')?.entries.map((e) => e.title)).toEqual([
      'PAST DUE Hoodie',
    ])
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
