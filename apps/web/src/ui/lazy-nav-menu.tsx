// The nav dropdown without its weight on first paint: Radix Menu and floating-ui (~20 KiB gzip)
// load right after the first render. Until then a look-alike trigger holds the place.
import { lazy, Suspense, useEffect } from 'react'
import type { NavMenuProps } from './nav-menu'

const loadNavMenu = () => import('./nav-menu')
const NavMenu = lazy(() => loadNavMenu().then((m) => ({ default: m.NavMenu })))

export function LazyNavMenu(props: NavMenuProps) {
  useEffect(() => {
    void loadNavMenu()
  }, [])
  return (
    <Suspense
      fallback={
        <button type="button" className={['menu-trigger', props.className].join(' ')} disabled>
          <span className="menu-trigger__bars" aria-hidden="true" />
          {props.label}
        </button>
      }
    >
      <NavMenu {...props} />
    </Suspense>
  )
}
