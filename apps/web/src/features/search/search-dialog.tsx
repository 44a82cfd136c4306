// The search popup's body (docs/product/pages.md#search-popup): a labelled keyword field; a submit
// with non-empty trimmed text lists the site's matches, grouped by kind, each a link that closes
// the popup. Loaded only when the header's search button is used (search-button.tsx).
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Dialog } from '../../ui/dialog'
import { countResults, excerpt, searchEntries, type SearchEntry } from './search-match'
import { fetchDatabaseEntries, staticEntries } from './search-sources'
import './search-dialog.css'

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

  const entries = useMemo(() => [...staticEntries(), ...(dbEntries ?? [])], [dbEntries])
  const groups = useMemo(() => searchEntries(entries, query), [entries, query])
  const total = countResults(groups)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const trimmed = text.trim()
    if (trimmed === '') return
    setQuery(trimmed)
  }

  // The link navigates; the popup closes. ('/episodes#episode-N' opens that episode's player:
  // the Episodes page reads the hash, as for a shared link.)
  const follow = () => onOpenChange(false)

  let status = ''
  if (query !== '') {
    if (total === 0) status = `No results for “${query}”.`
    else status = `${total} ${total === 1 ? 'result' : 'results'} for “${query}”.`
    if (dbEntries === undefined) status += ' Still loading episodes and news…'
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Search"
      description="Episodes, news, characters, cast, merch and games."
      className="search-dialog"
    >
      <form className="search-form" role="search" onSubmit={submit}>
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
                      <span className="search-result__title">{entry.title}</span>
                      <span className="search-result__text">{excerpt(entry.text, query)}</span>
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
