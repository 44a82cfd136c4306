// Mounts the radio bar without weighing on first paint: its chunk is requested only after the
// page's load event and then an idle moment (at most 4 s later), or sooner when the visitor first
// interacts with the page. Its track list comes from the layout's loader.
import { lazy, startTransition, Suspense, useEffect, useState } from 'react'
import type { Deferred } from '../../lib/loader-data'
import type { SoundtrackVolume } from '../../lib/soundtrack-tracks'

const RadioBar = lazy(() => import('./radio-bar').then((m) => ({ default: m.RadioBar })))

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const

function whenLoadedAndIdle(run: () => void): () => void {
  let cancelIdle = () => {}
  let done = false
  const fire = () => {
    if (done) return
    done = true
    cleanup()
    run()
  }
  const onLoad = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(fire, { timeout: 4000 })
      cancelIdle = () => window.cancelIdleCallback(id)
    } else {
      const id = window.setTimeout(fire, 1000)
      cancelIdle = () => window.clearTimeout(id)
    }
  }
  function cleanup() {
    window.removeEventListener('load', onLoad)
    INTERACTIONS.forEach((type) => window.removeEventListener(type, fire))
  }
  INTERACTIONS.forEach((type) => window.addEventListener(type, fire, { once: true, passive: true }))
  if (document.readyState === 'complete') onLoad()
  else window.addEventListener('load', onLoad, { once: true })
  return () => {
    done = true
    cleanup()
    cancelIdle()
  }
}

export function LazyRadioBar({ volumes }: { volumes: Deferred<SoundtrackVolume[]> }) {
  const [ready, setReady] = useState(false)
  // In a transition, the bar's first render yields to the browser every few milliseconds instead
  // of holding a slow phone's main thread for the whole of it.
  useEffect(() => whenLoadedAndIdle(() => startTransition(() => setReady(true))), [])
  if (!ready) return null
  return (
    <Suspense fallback={null}>
      <RadioBar volumes={volumes} />
    </Suspense>
  )
}
