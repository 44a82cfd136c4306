// Mounts the radio bar without weighing on first paint: its chunk is requested only once the
// browser is idle after the first render, and the bar fetches its track list after that.
import { lazy, Suspense, useEffect, useState } from 'react'

const RadioBar = lazy(() => import('./radio-bar').then((m) => ({ default: m.RadioBar })))

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2500 })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(run, 200)
  return () => window.clearTimeout(id)
}

export function LazyRadioBar() {
  const [ready, setReady] = useState(false)
  useEffect(() => whenIdle(() => setReady(true)), [])
  if (!ready) return null
  return (
    <Suspense fallback={null}>
      <RadioBar />
    </Suspense>
  )
}
