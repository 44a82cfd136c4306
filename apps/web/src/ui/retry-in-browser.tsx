// A read that failed while the server rendered the page (nothing is retried there: a page must not
// wait seconds for a backend in trouble) is read again once the page runs in the browser: this
// runs the page's loaders once more after hydration, and the browser's reads make their own three
// retries (docs/product/errors.md#retries, lib/read-retry.ts). It renders nothing: the section
// shows its loading state meanwhile, never an empty one. Rendered only where such a read is waiting
// (it needs the router).
import { useEffect, useRef } from 'react'
import { useRevalidator } from 'react-router'

export function RetryInBrowser() {
  const { revalidate } = useRevalidator()
  const asked = useRef(false)
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    void revalidate()
  }, [revalidate])
  return null
}
