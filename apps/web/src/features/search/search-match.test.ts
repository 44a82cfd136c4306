import { describe, expect, it } from 'vitest'
import {
  countResults,
  excerpt,
  foldText,
  queryWords,
  searchEntries,
  type SearchEntry,
} from './search-match'

const entries: SearchEntry[] = [
  { kind: 'merch', title: 'PAST DUE Hoodie', text: 'Warm, night-blue.', to: '/shop' },
  {
    kind: 'episode',
    title: 'Episode 2: Café Crimes',
    text: 'Dez opens a café.',
    to: '/episodes#episode-2',
  },
  { kind: 'news', title: 'Season news', text: 'The café set gets a new hoodie rack.', to: '/news' },
  { kind: 'page', title: 'Shop', text: 'Merchandise: hoodies and mugs.', to: '/shop' },
  {
    kind: 'episode',
    title: 'Episode 1: Rent Day',
    text: 'Bertha knocks. A hoodie goes missing.',
    to: '/episodes#episode-1',
  },
  {
    kind: 'episode',
    title: 'Episode 3: The Hoodie Heist',
    text: 'Nobody pays.',
    to: '/episodes#episode-3',
  },
]

describe('foldText', () => {
  it('folds case, accents, curly quotes and spaces', () => {
    expect(foldText('  CAFÉ  Crème\tBRÛLÉE ')).toBe('cafe creme brulee')
    expect(foldText('Building’s “best”')).toBe('building\'s "best"')
  })
})

describe('queryWords', () => {
  it('is empty for blank text, so nothing is searched', () => {
    expect(queryWords('')).toEqual([])
    expect(queryWords('   \n ')).toEqual([])
    expect(searchEntries(entries, '   ')).toEqual([])
  })
})

describe('searchEntries', () => {
  it('matches titles and text, ignoring case and accents, grouped in a fixed kind order', () => {
    const groups = searchEntries(entries, 'cafe')
    expect(groups.map((g) => [g.heading, g.entries.map((e) => e.title)])).toEqual([
      ['Episodes', ['Episode 2: Café Crimes']],
      ['News', ['Season news']],
    ])
    expect(searchEntries(entries, 'CAFÉ')).toEqual(groups)
  })

  it('puts title hits before text hits within a group, otherwise keeps the given order', () => {
    const groups = searchEntries(entries, 'hoodie')
    expect(groups.map((g) => [g.kind, g.entries.map((e) => e.to)])).toEqual([
      ['page', ['/shop']],
      ['episode', ['/episodes#episode-3', '/episodes#episode-1']],
      ['news', ['/news']],
      ['merch', ['/shop']],
    ])
    expect(countResults(groups)).toBe(5)
  })

  it('needs every word of the query, in any order', () => {
    const groups = searchEntries(entries, 'bertha  hoodie')
    expect(groups.flatMap((g) => g.entries.map((e) => e.title))).toEqual(['Episode 1: Rent Day'])
    expect(searchEntries(entries, 'bertha café')).toEqual([])
  })

  it('finds nothing for a word no entry has', () => {
    expect(searchEntries(entries, 'xyz')).toEqual([])
    expect(countResults([])).toBe(0)
  })
})

describe('excerpt', () => {
  it('keeps short text whole and cuts long text around the first hit', () => {
    expect(excerpt('Short text.', 'x')).toBe('Short text.')
    const long = `${'a '.repeat(80)}the hoodie is here ${'b '.repeat(40)}`
    const cut = excerpt(long, 'hoodie', 60)
    expect(cut.startsWith('…')).toBe(true)
    expect(cut.endsWith('…')).toBe(true)
    expect(cut).toContain('the hoodie is here')
  })
})
