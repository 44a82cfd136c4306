// What the site search works with, pure and light: the entries and result groups, how words are
// folded and split, and how a result's matched words are marked and excerpted. The matching
// itself is search-index.ts (MiniSearch), which the popup loads beside itself.

export type SearchKind =
  'page' | 'episode' | 'track' | 'news' | 'character' | 'cast' | 'merch' | 'game'

export type SearchEntry = {
  kind: SearchKind
  title: string
  /** Searched too, and shown as a one-line excerpt. */
  text: string
  /** Where the result link goes (a path, maybe with a #hash naming the item). */
  to: string
}

/** A matching entry and the words of it that matched (folded: foldText), to highlight. */
export type SearchHit = SearchEntry & { terms: readonly string[] }

export type SearchGroup = { kind: SearchKind; heading: string; entries: SearchHit[] }

export type SearchIndex = {
  /** Matching entries grouped by kind (fixed order, empty groups left out), best first. */
  search(query: string): SearchGroup[]
}

export const groupHeadings: Readonly<Record<SearchKind, string>> = {
  page: 'Pages',
  episode: 'Episodes',
  track: 'Tracks',
  news: 'News',
  character: 'Characters',
  cast: 'Cast',
  merch: 'Merch',
  game: 'Games',
}

/** The order of the result groups. */
export const kindOrder: readonly SearchKind[] = [
  'page',
  'episode',
  'track',
  'news',
  'character',
  'cast',
  'merch',
  'game',
]

/** Lower case, accents removed ('Café' → 'cafe'), curly quotes straightened, spaces collapsed. */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** The query's words, folded; empty when the trimmed text is empty (then nothing is searched). */
export function queryWords(query: string): string[] {
  const folded = foldText(query)
  return folded === '' ? [] : folded.split(' ')
}

/** A word: letters, digits and their combining marks ('Bertha’s' is 'Bertha' and 's'). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu

/** The words of a text, as the index and the highlighting both see them. */
export function words(text: string): string[] {
  return text.match(WORD) ?? []
}

/** How many results the groups hold in all. */
export function countResults(groups: readonly SearchGroup[]): number {
  return groups.reduce((n, g) => n + g.entries.length, 0)
}

/** A piece of a shown text: `match` when it is one of the words a result matched. */
export type TextPart = { text: string; match: boolean }

/** Splits `text` into runs, marking the words whose folded form is one of `terms`. */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  const wanted = new Set(terms)
  const parts: TextPart[] = []
  let last = 0
  for (const m of text.matchAll(WORD)) {
    if (!wanted.has(foldText(m[0]))) continue
    if (m.index > last) parts.push({ text: text.slice(last, m.index), match: false })
    parts.push({ text: m[0], match: true })
    last = m.index + m[0].length
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false })
  return parts
}

/** A short excerpt of the text around the first matched word (for the result line). */
export function excerpt(text: string, terms: readonly string[], max = 110): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const wanted = new Set(terms)
  const first = [...clean.matchAll(WORD)].find((m) => wanted.has(foldText(m[0])))?.index
  let start = first === undefined || first < max / 2 ? 0 : Math.max(0, first - 30)
  // Begin at a word, not in the middle of one.
  if (start > 0) start = clean.indexOf(' ', start) + 1 || start
  const slice = clean.slice(start, start + max).trim()
  return `${start > 0 ? '…' : ''}${slice}${start + max < clean.length ? '…' : ''}`
}
