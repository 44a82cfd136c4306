// Home's below-the-fold sections: their code (lazy chunks) loads while the visitor scrolls, not
// before the first paint. The server renders every section in full (a visitor without
// JavaScript, a crawler and a link unfurler see all of Home). In the browser a section only
// renders once its place comes near the viewport (IntersectionObserver):
// - on a fresh page load its server HTML stays on screen meanwhile, untouched and not yet live:
//   the section suspends on a gate, and React leaves a suspended boundary's server HTML in place
//   while it hydrates everything else, then hydrates the section once the gate opens and its
//   chunk has arrived;
// - after a navigation in the browser it shows its loading state, with its space reserved
//   (`minHeight`) so nothing shifts when it arrives.
// Once its content is live the element carries `data-live`. Until then a form in its server HTML
// is not submitted natively (that would reload the page with the fan's entries in the URL): the
// submit is held, and the section is made live at once.
import { Suspense, use, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { LoadingState } from './loading-state'

type DeferredProps = {
  /** The space the content will need, e.g. '24rem'. */
  minHeight: string
  /** What the loading state says. */
  label: string
  children: ReactNode
}

type Gate = { open: boolean; opened: Promise<void>; openNow: () => void }

function createGate(): Gate {
  let openNow = () => {}
  const opened = new Promise<void>((resolve) => (openNow = resolve))
  // On the server, and where IntersectionObserver is missing (old browsers), it is open from the
  // start: everything renders at once.
  const gate: Gate = {
    open: import.meta.env.SSR || typeof IntersectionObserver === 'undefined',
    opened,
    openNow: () => {
      gate.open = true
      openNow()
    },
  }
  return gate
}

/** Suspends until the gate opens (a fixed promise per section: no re-render needed to open it). */
function Gated({ gate, children }: { gate: Gate; children: ReactNode }) {
  if (!gate.open) use(gate.opened)
  return children
}

/** Marks the section live once its content has mounted (or hydrated). */
function MarkLive({ target }: { target: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    target.current?.setAttribute('data-live', '')
  }, [target])
  return null
}

export function Deferred({ minHeight, label, children }: DeferredProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [gate] = useState(createGate)

  useEffect(() => {
    const element = ref.current
    if (!element) return
    const holdSubmit = (event: Event) => {
      if (element.hasAttribute('data-live')) return
      event.preventDefault()
      gate.openNow()
    }
    element.addEventListener('submit', holdSubmit, true)
    return () => element.removeEventListener('submit', holdSubmit, true)
  }, [gate])

  useEffect(() => {
    const element = ref.current
    if (!element || gate.open) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          gate.openNow()
        }
      },
      { rootMargin: '600px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [gate])

  return (
    <div ref={ref} className="deferred" style={{ minHeight }}>
      <Suspense fallback={<LoadingState label={label} />}>
        <Gated gate={gate}>
          {children}
          <MarkLive target={ref} />
        </Gated>
      </Suspense>
    </div>
  )
}
