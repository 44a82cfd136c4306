// The nav's dropdown (the links when the header is narrow or compact) as the browser's own popover
// (decision 301): the button opens it by its `popovertarget` before the page's code has arrived
// and without JavaScript, no code to fetch first. Escape and a tap outside close it, focus moves
// from the button into its links, and the button says whether it is open. A disclosure of links,
// not an application menu: the links are real links (middle-click, "open in new tab" work).
import { useId, type MouseEvent } from 'react'
import { Link } from 'react-router'

export type NavMenuProps = {
  label: string
  links: readonly { label: string; to: string; description?: string }[]
  className?: string
}

/** A link followed inside the page leaves the header, and the open list, in place: close it. */
function closeList(event: MouseEvent<HTMLElement>) {
  event.currentTarget.closest<HTMLElement>('[popover]')?.hidePopover()
}

export function NavMenu({ label, links, className }: NavMenuProps) {
  const id = useId()
  return (
    <>
      <button
        type="button"
        className={['menu-trigger', className].filter(Boolean).join(' ')}
        popoverTarget={id}
      >
        <span className="menu-trigger__bars" aria-hidden="true" />
        {label}
      </button>
      <div id={id} popover="auto" className="menu nav-menu">
        <ul className="nav-menu__list" aria-label={label}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="menu__item" onClick={closeList}>
                <span className="menu__label">{link.label}</span>
                {link.description && <span className="menu__hint">{link.description}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}
