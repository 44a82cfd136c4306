// The building's sign: neon title, the four characters in lit windows, and the nav. Past 40 px of
// scroll, and while a game has the screen (play mode), it shrinks to one compact row and the
// links fold into a dropdown (as on narrow screens). Shrinking on scroll moves nothing below it
// (lib/use-steady-header.ts).
import { useRef } from 'react'
import { Link, NavLink } from 'react-router'
import { AccountButton } from '../features/account/account-button'
import { SearchButton } from '../features/search/search-button'
import { characters } from '../content/characters'
import { mainNav, site } from '../content/site'
import { usePlayMode } from '../lib/play-mode'
import { useScrolledPast } from '../lib/use-scrolled-past'
import { useSteadyHeader } from '../lib/use-steady-header'
import { NavMenu } from '../ui/nav-menu'
import { CharacterDialog } from './character-dialog'

export function SiteHeader() {
  const scrolled = useScrolledPast(40)
  const compact = usePlayMode() || scrolled
  const ref = useRef<HTMLElement>(null)
  useSteadyHeader(ref)
  return (
    <header ref={ref} className="site-header" data-compact={compact ? 'true' : 'false'}>
      <div className="site-header__inner">
        <Link to="/" className="neon" aria-label={`${site.title}, home`}>
          <span className="neon__tube">Rent</span>{' '}
          <span className="neon__tube neon__tube--b">Due</span>
        </Link>
        <ul className="windows" aria-label="Characters">
          {characters.map((character) => (
            <li key={character.id}>
              <CharacterDialog character={character} />
            </li>
          ))}
        </ul>
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__links">
            {mainNav.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="site-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <NavMenu label="Menu" links={mainNav} className="site-nav__menu" />
          <SearchButton />
          <AccountButton />
        </nav>
      </div>
    </header>
  )
}
