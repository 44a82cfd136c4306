// The age gate (docs/product/pages.md#age-gate): a door you must answer before coming in. The
// answer is the spec's ageVerified flag in localStorage and a cookie the server reads (decision
// 301); where localStorage throws, the cookie keeps it.
//
// The page's React render is the same for every visitor (it is cached), so it always carries the
// door (StaticGate), over the server-rendered page: a new visitor on a slow phone never sees the
// page without it. For a visitor who answered, <html data-age-ok> hides that door before the
// first paint: the server sets it when the request carries the cookie, and the script in the
// HTML's head (index.html) when the flag or the cookie is there; that script also answers the
// door's Enter before the page is live. Without JavaScript the door is hidden too (a <noscript>
// style), as it could not be answered there. Once the page is live React takes over: no door for
// a visitor who answered, else the Radix dialog (its own chunk, so a returning visitor never
// downloads it).
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react'
import { readStored, writeStored } from '../lib/safe-storage'
import { useHydrated } from '../lib/use-hydrated'
import { GateDoor } from './age-gate-door'

export const AGE_KEY = 'ageVerified'

const AgeGateDialog = lazy(() =>
  import('./age-gate-dialog').then((m) => ({ default: m.AgeGateDialog })),
)

// The answer, for this page load: stored where storage works, in memory where it throws.
let answeredNow = false
const listeners = new Set<() => void>()

function answered(): boolean {
  return (
    answeredNow ||
    readStored(AGE_KEY) === 'true' ||
    document.documentElement.hasAttribute('data-age-ok')
  )
}

function answer(): void {
  writeStored(AGE_KEY, 'true')
  answeredNow = true
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

type TextProps = { className: string; children: ReactNode }

function StaticTitle({ className, children }: TextProps) {
  return (
    <h2 id="gate-title" className={className}>
      {children}
    </h2>
  )
}

function StaticDescription({ className, children }: TextProps) {
  return <p className={className}>{children}</p>
}

/** The door as plain markup: what the HTML carries, until the dialog has taken over. */
function StaticGate() {
  return (
    <div className="gate-static">
      <div className="gate-overlay" aria-hidden="true" />
      <div className="gate" role="dialog" aria-modal="true" aria-labelledby="gate-title">
        <GateDoor onEnter={answer} Title={StaticTitle} Description={StaticDescription} />
      </div>
    </div>
  )
}

export function AgeGate() {
  // The server (and so the hydration) cannot know the answer: it renders the door.
  const isAnswered = useSyncExternalStore(subscribe, answered, () => false)
  const live = useHydrated()
  if (isAnswered) return null
  if (!live) return <StaticGate />
  return (
    <Suspense fallback={<StaticGate />}>
      <AgeGateDialog onEnter={answer} />
    </Suspense>
  )
}
