// The header's search button: tiny and always there; the popup (search-dialog.tsx, the matching
// and supabase-js) loads as its own chunk on first use, prefetched on hover or focus.
import { lazy, Suspense, useRef, useState } from 'react'
import './search-button.css'

const loadSearchDialog = () => import('./search-dialog')
const SearchDialog = lazy(() => loadSearchDialog().then((m) => ({ default: m.SearchDialog })))

export function SearchButton() {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const prefetch = () => void loadSearchDialog()
  // The dialog has no Radix trigger (it loads later), so focus goes back to the button by hand.
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) requestAnimationFrame(() => button.current?.focus())
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        className="search-button"
        data-js-only
        aria-label="Search the site"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <svg
          className="search-button__icon"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
        >
          <circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M15 15l6 6" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" />
        </svg>
      </button>
      {used && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </>
  )
}
