// A page chunk that can be fetched before React first renders. React.lazy alone suspends on the
// first render even when the chunk is already in, so the layout would show its loading state and
// replace the server's first paint twice. A page whose chunk has arrived renders directly; one
// that has not falls back to React.lazy inside the layout's Suspense.
import { lazy, useState, type ComponentType } from 'react'

export interface LazyPage {
  (): React.JSX.Element
  /** Fetches the chunk; resolves once a render can use it without suspending. */
  preload(): Promise<void>
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined
  let pending: Promise<ComponentType> | undefined
  const fetchChunk = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined // a later navigation may retry
        throw error
      },
    ))
  const Lazy = lazy(() => fetchChunk().then((component) => ({ default: component })))

  function Page() {
    // Chosen once per mount: switching from <Lazy> to the component later would remount the page.
    const [Ready] = useState(() => loaded)
    return Ready ? <Ready /> : <Lazy />
  }
  Page.preload = () => fetchChunk().then(() => undefined)
  return Page
}
