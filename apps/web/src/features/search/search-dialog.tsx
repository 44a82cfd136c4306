// The search popup's body (docs/product/pages.md#search-popup): a labelled keyword field; a submit
// with non-empty trimmed text lists the site's matches, grouped by kind, the matched words marked,
// each a link that closes the popup and lands on the item (lib/use-scroll-to-top.ts). Loaded only
// when the header's search button is used (search-button.tsx); the matching (search-index.ts,
// MiniSearch) loads as the popup opens, beside the reads of episodes, news and tracks.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Dialog } from '../../ui/dialog'
import {
  countResults,
  excerpt,
  highlightParts,
  type SearchEntry,
  type SearchIndex,
} from './search-match'
import { fetchDatabaseEntries, staticEntries } from './search-sources'
import './search-dialog.css'

/** The text with the result's matched words in <mark>. */
function Marked({ text, terms }: { text: string; terms: readonly string[] }) {
  return highlightParts(text, terms).map((part, i) =>
    part.match ? <mark key={i}>{part.text}</mark> : part.text,
  )
}

type CreateIndex = (entries: readonly SearchEntry[]) => SearchIndex

type SearchDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function SearchDialog({ open, onOpenChange }: SearchDialogProps) {
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [dbEntries, setDbEntries] = useState<SearchEntry[] | undefined>(undefined)
  const inputId = useId()
  const loading = useRef(false)

  // Episodes and news are read when the popup opens (once per page load).
  useEffect(() => {
    if (!open || dbEntries || loading.current) return
    loading.current = true
    fetchDatabaseEntries()
      .then(setDbEntries)
      .catch((error: unknown) => {
        console.error('Search: loading episodes and news failed', error)
        setDbEntries([])
      })
      .finally(() => {
        loading.current = false
      })
  }, [open, dbEntries])

  const [createIndex, setCreateIndex] = useState<CreateIndex | undefined>(undefined)

  // The matching loads with the popup's first opening.
  useEffect(() => {
    if (!open || createIndex) return
    import('./search-index')
      .then((m) => setCreateIndex(() => m.createSearchIndex))
      .catch((error: unknown) => console.error('Search: loading the matching failed', error))
  }, [open, createIndex])

  const index = useMemo(
    () => createIndex?.([...staticEntries(), ...(dbEntries ?? [])]),
    [createIndex, dbEntries],
  )
  const groups = useMemo(() => index?.search(query) ?? [], [index, query])
  const total = countResults(groups)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const trimmed = text.trim()
    if (trimmed === '') return
    setQuery(trimmed)
  }

  // The link navigates; the popup closes. The page scrolls to the hash's item and marks it
  // ('/episodes#episode-N' also opens that episode's player, as for a shared link).
  const follow = () => onOpenChange(false)

  let status = ''
  if (query !== '' && !index) status = 'Searching…'
  else if (query !== '') {
    if (total === 0) status = `No results for “${query}”.`
    else status = `${total} ${total === 1 ? 'result' : 'results'} for “${query}”.`
    if (dbEntries === undefined) status += ' Still loading episodes, news and tracks…'
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Search"
      description="Episodes, tracks, news, characters, cast, merch and games."
      className="search-dialog"
    >
      {/* A GET on purpose: a keyword is no personal data, and the popup only exists once live. */}
      <form className="search-form" role="search" method="get" onSubmit={submit}>
        <label className="search-form__label" htmlFor={inputId}>
          Keyword
        </label>
        <div className="search-form__row">
          <input
            id={inputId}
            className="search-form__input"
            type="search"
            name="q"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className="search-form__submit">
            Search
          </button>
        </div>
      </form>
      <p className="search-status" role="status" aria-live="polite">
        {status}
      </p>
      {groups.length > 0 && (
        <div className="search-results">
          {groups.map((group) => (
            <section
              key={group.kind}
              className="search-group"
              aria-labelledby={`${inputId}-${group.kind}`}
            >
              <h3 className="search-group__heading" id={`${inputId}-${group.kind}`}>
                {group.heading}
              </h3>
              <ul className="search-group__list">
                {group.entries.map((entry) => (
                  <li key={`${entry.to}|${entry.title}`}>
                    <Link className="search-result" to={entry.to} onClick={follow}>
                      <span className="search-result__title">
                        <Marked text={entry.title} terms={entry.terms} />
                      </span>
                      <span className="search-result__text">
                        <Marked text={excerpt(entry.text, entry.terms)} terms={entry.terms} />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Dialog>
  )
}
