// The age gate (docs/product/pages.md#age-gate): a door you must answer before coming in. The
// answer is the spec's ageVerified flag in localStorage and a cookie the server reads (decision
// 301); where localStorage throws, the cookie keeps it.
//
// The page's React render is the same for every visitor (it is cached), so it always carries the
// door, over the server-rendered page: a new visitor on a slow phone never sees the page without
// it. For a visitor who answered, <html data-age-ok> hides that door before the first paint: the
// server sets it when the request carries the cookie, and the script in the HTML's head
// (index.html) when the flag or the cookie is there; that script also answers the door's Enter
// before the page is live. Without JavaScript the door is hidden too (a <noscript> style), as it
// could not be answered there.
//
// The door is the browser's own <dialog>, the same element from the first paint on: open in the
// page until the page is live, then made modal in place (showModal: the page behind it inert,
// focus on the door). A door swapped for another element while a tap was under way (pressed on
// one Enter, released on the next) would lose that first tap (docs/live-controls.md).
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react'
import { readStored, writeStored } from '../lib/safe-storage'
import { useHydrated } from '../lib/use-hydrated'
import { GateDoor } from './age-gate-door'

export const AGE_KEY = 'ageVerified'

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

function Door({ live }: { live: boolean }) {
  const ref = useRef<HTMLDialogElement>(null)
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!live || !dialog) return
    const keepOpen = () => {
      if (!dialog.matches(':modal') && !answered()) {
        // An open, non-modal dialog cannot be made modal as it is: closed first, in this task.
        if (dialog.open) dialog.close()
        dialog.showModal()
      }
    }
    keepOpen()
    // Escape asks the door to close: refused. Where the browser does not let it be refused (a
    // second Escape with no tap in between), it closes, and opens again at once.
    const refuse = (event: Event) => event.preventDefault()
    // The page behind is inert; Tab also goes round the door's two answers rather than out to the
    // browser's own controls, as in the site's other dialogs.
    const loop = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const answers = [...dialog.querySelectorAll<HTMLElement>('button, a[href]')]
      const at = answers.indexOf(document.activeElement as HTMLElement)
      if (at === -1 || at !== (event.shiftKey ? 0 : answers.length - 1)) return
      event.preventDefault()
      answers.at(event.shiftKey ? -1 : 0)?.focus()
    }
    const listening = new AbortController()
    const { signal } = listening
    dialog.addEventListener('cancel', refuse, { signal })
    dialog.addEventListener('close', keepOpen, { signal })
    dialog.addEventListener('keydown', loop, { signal })
    return () => listening.abort()
  }, [live])
  return (
    <div className="gate-static">
      <div className="gate-overlay" aria-hidden="true" />
      <dialog ref={ref} open className="gate" aria-modal="true" aria-labelledby="gate-title">
        <GateDoor onEnter={answer} />
      </dialog>
    </div>
  )
}

export function AgeGate() {
  // The server (and so the hydration) cannot know the answer: it renders the door.
  const isAnswered = useSyncExternalStore(subscribe, answered, () => false)
  const live = useHydrated()
  return isAnswered ? null : <Door live={live} />
}
