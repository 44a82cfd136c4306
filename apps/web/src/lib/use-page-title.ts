import { useEffect } from 'react'
import { pageTitle } from '../content/site'

/** Sets document.title for the current page ('Episodes · Rent Due'); Home passes nothing. */
export function usePageTitle(page?: string): void {
  useEffect(() => {
    document.title = pageTitle(page)
  }, [page])
}
