// Mounts the radio bar once the page is live: it is not in the server's HTML (it plays in the
// browser only), and its chunk is requested by the commit after hydration, never before the page
// it floats over. Its track list comes from the layout's loader.
import { lazy, startTransition, Suspense, useEffect, useState } from 'react'
import type { Deferred } from '../../lib/loader-data'
import type { SoundtrackVolume } from '../../lib/soundtrack-tracks'

const RadioBar = lazy(() => import('./radio-bar').then((m) => ({ default: m.RadioBar })))

export function LazyRadioBar({ volumes }: { volumes: Deferred<SoundtrackVolume[]> }) {
  const [ready, setReady] = useState(false)
  // In a transition, the bar's first render yields to the browser every few milliseconds instead
  // of holding a slow phone's main thread for the whole of it.
  useEffect(() => startTransition(() => setReady(true)), [])
  if (!ready) return null
  return (
    <Suspense fallback={null}>
      <RadioBar volumes={volumes} />
    </Suspense>
  )
}
