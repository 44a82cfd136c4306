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
// Once its content is live the element carries `data-live`. Until then, on a live page, a tap on
// one of its buttons is held (index.html's head script) and a submit of one of its forms too (it
// would reload the page): the section is made live at once, and then gets the tap or the submit
// (decision 301). Before the page is live at all, its forms post natively to the server.
import {
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react'
import { replayHeldTap } from '../lib/held-tap'
import { LoadingState } from './loading-state'

type DeferredProps = {
  /** The space the content will need, e.g. '24rem'. */
  minHeight: string
  /** What the loading state says. */
  label: string
  children: ReactNode
}

type HeldSubmit = { form: HTMLFormElement; submitter: HTMLElement | null }

type Gate = {
  open: boolean
  opened: Promise<void>
  openNow: () => void
  /** Keeps a submit made while the section was not yet live, to send it again once it is. */
  holdSubmit: (held: HeldSubmit) => void
  takeHeldSubmit: () => HeldSubmit | undefined
}

function createGate(): Gate {
  let openNow = () => {}
  const opened = new Promise<void>((resolve) => (openNow = resolve))
  // On the server, and where IntersectionObserver is missing (old browsers), it is open from the
  // start: everything renders at once.
  let held: HeldSubmit | undefined
  const gate: Gate = {
    open: import.meta.env.SSR || typeof IntersectionObserver === 'undefined',
    opened,
    openNow: () => {
      gate.open = true
      openNow()
    },
    holdSubmit: (submit) => {
      held = submit
    },
    takeHeldSubmit: () => {
      const submit = held
      held = undefined
      return submit
    },
  }
  return gate
}

/** Suspends until the gate opens (a fixed promise per section: no re-render needed to open it). */
function Gated({ gate, children }: { gate: Gate; children: ReactNode }) {
  if (!gate.open) use(gate.opened)
  return children
}

/**
 * Marks the section live in the commit that mounts (or hydrates) its content, so the head script
 * stops holding its taps from that moment; then gives it what was held meanwhile.
 */
function MarkLive({ target, gate }: { target: RefObject<HTMLDivElement | null>; gate: Gate }) {
  useLayoutEffect(() => {
    target.current?.setAttribute('data-live', '')
  }, [target])
  useEffect(() => {
    replayHeldTap()
    const held = gate.takeHeldSubmit()
    if (held?.form.isConnected) {
      const submitter = held.submitter?.isConnected ? held.submitter : null
      held.form.requestSubmit(submitter as HTMLButtonElement | null)
    }
  }, [gate])
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
      const { target, submitter } = event as SubmitEvent
      if (target instanceof HTMLFormElement) gate.holdSubmit({ form: target, submitter })
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
          <MarkLive target={ref} gate={gate} />
        </Gated>
      </Suspense>
    </div>
  )
}
