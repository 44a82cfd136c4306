// A dropdown of navigation links on Radix DropdownMenu (arrow keys, typeahead, Escape, focus
// return). Items are real links, so middle-click and "open in new tab" still work.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Link } from 'react-router'

export type NavMenuProps = {
  label: string
  links: readonly { label: string; to: string; description?: string }[]
  className?: string
  /** Open on mount: the visitor clicked the stand-in trigger while this code was loading. */
  defaultOpen?: boolean
}

export function NavMenu({ label, links, className, defaultOpen = false }: NavMenuProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={['menu-trigger', className].filter(Boolean).join(' ')}>
        <span className="menu-trigger__bars" aria-hidden="true" />
        {label}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
          {links.map((link) => (
            <DropdownMenu.Item key={link.to} asChild className="menu__item">
              <Link to={link.to}>
                <span className="menu__label">{link.label}</span>
                {link.description && <span className="menu__hint">{link.description}</span>}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
