// The nav dropdown without its weight on first paint: Radix Menu and floating-ui (~17 KiB gzip)
// load only when the visitor reaches for the menu (pointer over it, focus, or a click). Until
// then a look-alike trigger holds the place; a click on it opens the real menu once it arrives.
import { lazy, Suspense, useState } from 'react'
import type { NavMenuProps } from './nav-menu'

const loadNavMenu = () => import('./nav-menu')
const NavMenu = lazy(() => loadNavMenu().then((m) => ({ default: m.NavMenu })))

export function LazyNavMenu(props: NavMenuProps) {
  const [opened, setOpened] = useState(false)
  const className = ['menu-trigger', props.className].filter(Boolean).join(' ')
  const standIn = (
    <button
      type="button"
      className={className}
      aria-haspopup="menu"
      aria-expanded="false"
      aria-busy={opened}
      onPointerEnter={() => void loadNavMenu()}
      onFocus={() => void loadNavMenu()}
      onClick={() => setOpened(true)}
    >
      <span className="menu-trigger__bars" aria-hidden="true" />
      {props.label}
    </button>
  )
  if (!opened) return standIn
  return (
    <Suspense fallback={standIn}>
      <NavMenu {...props} defaultOpen />
    </Suspense>
  )
}
