// The site search's matching rules, pure: fold case and accents, every word of the query must
// appear in an entry's title or text, title hits rank first, results grouped by kind in a fixed
// order. No React, no network: the popup hands in the entries it has gathered.

export type SearchKind = 'page' | 'episode' | 'news' | 'character' | 'cast' | 'merch' | 'game'

export type SearchEntry = {
  kind: SearchKind
  title: string
  /** Searched too, and shown as a one-line excerpt. */
  text: string
  /** Where the result link goes (a path, maybe with a #hash). */
  to: string
}

export type SearchGroup = { kind: SearchKind; heading: string; entries: SearchEntry[] }

export const groupHeadings: Readonly<Record<SearchKind, string>> = {
  page: 'Pages',
  episode: 'Episodes',
  news: 'News',
  character: 'Characters',
  cast: 'Cast',
  merch: 'Merch',
  game: 'Games',
}

const kindOrder: readonly SearchKind[] = [
  'page',
  'episode',
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

/** 2: every word in the title; 1: every word in title + text; 0: no match. */
function score(entry: SearchEntry, words: readonly string[]): number {
  const title = foldText(entry.title)
  if (words.every((w) => title.includes(w))) return 2
  const all = `${title} ${foldText(entry.text)}`
  return words.every((w) => all.includes(w)) ? 1 : 0
}

/** Matching entries grouped by kind (fixed order, empty groups left out), title hits first. */
export function searchEntries(entries: readonly SearchEntry[], query: string): SearchGroup[] {
  const words = queryWords(query)
  if (words.length === 0) return []
  const scored = entries
    .map((entry, index) => ({ entry, index, score: score(entry, words) }))
    .filter((s) => s.score > 0)
  return kindOrder
    .map((kind) => ({
      kind,
      heading: groupHeadings[kind],
      entries: scored
        .filter((s) => s.entry.kind === kind)
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .map((s) => s.entry),
    }))
    .filter((group) => group.entries.length > 0)
}

/** How many results the groups hold in all. */
export function countResults(groups: readonly SearchGroup[]): number {
  return groups.reduce((n, g) => n + g.entries.length, 0)
}

/** A short excerpt of the text around the first query word found (for the result line). */
export function excerpt(text: string, query: string, max = 110): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const folded = foldText(clean)
  const first = queryWords(query)
    .map((w) => folded.indexOf(w))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0]
  // Folding keeps one character per character for Latin text, so indexes line up well enough.
  let start = first === undefined || first < max / 2 ? 0 : Math.max(0, first - 30)
  // Begin at a word, not in the middle of one.
  if (start > 0) start = clean.indexOf(' ', start) + 1 || start
  const slice = clean.slice(start, start + max).trim()
  return `${start > 0 ? '…' : ''}${slice}${start + max < clean.length ? '…' : ''}`
}
