// The age gate (SPEC §2, §4): a door you must answer before coming in. Where localStorage throws,
// the answer lives in memory, so the gate shows once per page load. The door itself (a Radix
// dialog) is its own chunk: a visitor who answered on an earlier visit never downloads it.
import { lazy, Suspense, useState } from 'react'
import { readStored, writeStored } from '../lib/safe-storage'

const storageKey = 'ageVerified'

const loadDialog = () => import('./age-gate-dialog')
const AgeGateDialog = lazy(() => loadDialog().then((m) => ({ default: m.AgeGateDialog })))

function answered(): boolean {
  return readStored(storageKey) === 'true'
}

/** Starts fetching the door when this visitor has not answered yet (main.tsx, before rendering). */
export function preloadAgeGate(): Promise<unknown> {
  return answered() ? Promise.resolve() : loadDialog()
}

export function AgeGate() {
  const [open, setOpen] = useState(() => !answered())
  if (!open) return null
  const enter = () => {
    writeStored(storageKey, 'true')
    setOpen(false)
  }
  return (
    // Until the door arrives, its dimmed backdrop already covers the page.
    <Suspense fallback={<div className="gate-overlay" aria-hidden="true" />}>
      <AgeGateDialog onEnter={enter} />
    </Suspense>
  )
}
