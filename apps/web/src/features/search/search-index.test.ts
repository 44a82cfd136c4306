import { describe, expect, it } from 'vitest'
import { countResults, type SearchEntry } from './search-match'
import { createSearchIndex, searchEntries } from './search-index'

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

describe('searchEntries: blank text', () => {
  it('searches nothing for blank text', () => {
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

describe('searchEntries: beginnings of words and typos', () => {
  const titles = (query: string) =>
    searchEntries(entries, query).flatMap((g) => g.entries.map((e) => e.title))

  it('finds a word by its beginning, from three letters on', () => {
    expect(titles('hood')).toEqual(titles('hoodie'))
    expect(titles('ho')).toEqual([])
  })

  it('tolerates a misspelt word only when nothing matches as typed', () => {
    // 'hoody' is two letters off 'hoodie' (three off the Shop page's 'hoodies'); 'berta' one off
    // 'bertha'.
    expect(titles('hoody')).toEqual(titles('hoodie').filter((t) => t !== 'Shop'))
    expect(titles('hoody')).toContain('PAST DUE Hoodie')
    expect(titles('berta')).toEqual(['Episode 1: Rent Day'])
    expect(titles('berta hoody')).toEqual(['Episode 1: Rent Day'])
    // 'rent' matches as typed, so words one letter off it ('dent', 'went') are not searched for.
    const index = createSearchIndex([
      ...entries,
      { kind: 'news', title: 'Dent', text: 'The car went.', to: '/news#news-9' },
    ])
    expect(index.search('rent').flatMap((g) => g.entries.map((e) => e.title))).toEqual([
      'Episode 1: Rent Day',
    ])
    // Three letters are too few to guess from.
    expect(titles('caf')).toEqual(titles('cafe'))
    expect(titles('cfe')).toEqual([])
  })

  it('takes a near miss only when it starts with the same three letters', () => {
    const index = createSearchIndex([
      { kind: 'merch', title: 'Hoodie', text: 'Warm.', to: '/shop#merch-hoodie' },
      { kind: 'news', title: 'Food drive', text: 'Nobody came.', to: '/news#news-1' },
    ])
    // 'food' and 'nobody' are two letters off 'hoody' too, but start otherwise.
    expect(index.search('hoody').flatMap((g) => g.entries.map((e) => e.title))).toEqual(['Hoodie'])
  })

  it('reports the words each result matched, folded, for highlighting', () => {
    const [hit] = searchEntries(entries, 'berta').flatMap((g) => g.entries)
    expect(hit?.terms).toEqual(['bertha'])
    const [merch] = searchEntries(entries, 'HOODY').find((g) => g.kind === 'merch')?.entries ?? []
    expect(merch?.terms).toEqual(['hoodie'])
  })
})
