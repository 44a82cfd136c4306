// Renders its children only once their place comes near the viewport (IntersectionObserver), so
// Home's below-the-fold sections (and their lazy chunks) load while the visitor scrolls, not
// before first paint. The placeholder keeps `minHeight`, so arriving content shifts nothing.
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { LoadingState } from './loading-state'

type DeferredProps = {
  /** The space the content will need, e.g. '24rem'. */
  minHeight: string
  /** What the loading state says. */
  label: string
  children: ReactNode
}

export function Deferred({ minHeight, label, children }: DeferredProps) {
  const ref = useRef<HTMLDivElement>(null)
  // Without IntersectionObserver (old browsers, jsdom) everything renders at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    const element = ref.current
    if (!element || near) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: '600px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])

  const fallback = <LoadingState label={label} />
  return (
    <div ref={ref} className="deferred" style={{ minHeight }}>
      {near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}
    </div>
  )
}
