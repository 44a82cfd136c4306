// The site search's matching, on MiniSearch (decision 342): words are folded (case, accents),
// every word of the query must match a word of an entry's title or text, as a whole word or its
// beginning ('hood' finds 'Hoodie'); when nothing matches that way, a word may be misspelt after
// its first three letters ('berta' finds 'Bertha', 'hoody' finds 'Hoodie', but not 'food'). Title
// hits rank first; results are grouped by kind in a fixed order, and each carries the words it
// matched, for the popup to highlight. The popup loads this module (and MiniSearch) when it
// opens, beside its own code, so opening it waits for neither.
import MiniSearch, { type SearchOptions } from 'minisearch'
import {
  foldText,
  groupHeadings,
  kindOrder,
  queryWords,
  words,
  type SearchEntry,
  type SearchGroup,
  type SearchIndex,
} from './search-match'

/** Whole words and beginnings of words (from three letters on). */
const EXACT: SearchOptions = {
  combineWith: 'AND',
  boost: { title: 3 },
  prefix: (term) => term.length >= 3,
  fuzzy: false,
}

/** When nothing matches: up to two letters wrong, missing or extra in a word of four or more. */
const TYPOS: SearchOptions = {
  ...EXACT,
  fuzzy: (term) => (term.length >= 4 ? 2 : false),
}

/** Letters a misspelt word must share with the word it stands for, from the start. */
const SURE_LETTERS = 3

/**
 * A word of an entry that a query word may stand for: its beginning, or a near miss that starts
 * with the same three letters (people seldom mistype the start of a word, and two letters off
 * anywhere would make 'hoody' find 'food').
 */
function standsFor(queryTerm: string, term: string): boolean {
  const sure = Math.min(SURE_LETTERS, queryTerm.length)
  return term.startsWith(queryTerm) || term.slice(0, sure) === queryTerm.slice(0, sure)
}

/** Indexes the entries once; the popup searches the same index for every query. */
export function createSearchIndex(entries: readonly SearchEntry[]): SearchIndex {
  const index = new MiniSearch<SearchEntry & { id: number }>({
    fields: ['title', 'text'],
    tokenize: words,
    processTerm: (term) => foldText(term) || null,
  })
  index.addAll(entries.map((entry, id) => ({ ...entry, id })))
  return {
    search(query) {
      const asked = queryWords(query)
      if (asked.length === 0) return []
      const text = asked.join(' ')
      let found = index.search(text, EXACT)
      if (found.length === 0) {
        // Keep the near misses that start right; an entry needs one for every query word.
        found = index
          .search(text, TYPOS)
          .map((r) => ({ ...r, terms: r.terms.filter((t) => asked.some((q) => standsFor(q, t))) }))
          .filter((r) => asked.every((q) => r.terms.some((t) => standsFor(q, t))))
      }
      const hits = found.map((r) => ({
        id: r.id as number,
        score: r.score,
        hit: { ...(entries[r.id as number] as SearchEntry), terms: r.terms },
      }))
      return kindOrder
        .map((kind) => ({
          kind,
          heading: groupHeadings[kind],
          entries: hits
            .filter((h) => h.hit.kind === kind)
            .sort((a, b) => b.score - a.score || a.id - b.id)
            .map((h) => h.hit),
        }))
        .filter((group) => group.entries.length > 0)
    },
  }
}

/** One search over `entries` (indexes them first; the popup keeps an index instead). */
export function searchEntries(entries: readonly SearchEntry[], query: string): SearchGroup[] {
  return createSearchIndex(entries).search(query)
}
