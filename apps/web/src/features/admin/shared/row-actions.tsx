// What can be done to one row of a console list: its buttons side by side on a wide screen, and
// below 600 px one "Actions" menu (Radix DropdownMenu: arrow keys, Escape, focus return), so a
// card on a phone keeps every action without scrolling sideways. Each action opens its own
// dialog or does its work; the caller owns those dialogs.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useRef } from 'react'

export type RowAction = {
  /** The button's and the menu item's text: 'Edit', 'Delete'. */
  label: string
  /** The button's accessible name, naming the row: 'Delete “Rent Day Shuffle.wav”'. */
  name: string
  onSelect: () => void
  disabled?: boolean
}

type RowActionsProps = {
  /** The menu button's accessible name, naming the row: 'Actions for Rent Day Shuffle.wav'. */
  label: string
  actions: readonly RowAction[]
}

export function RowActions({ label, actions }: RowActionsProps) {
  // The item picked in the menu, run once the menu has closed and focus is back on its button.
  const picked = useRef<(() => void) | null>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  return (
    <div className="row-actions">
      <div className="row-actions__inline">
        {actions.map((a) => (
          <button
            key={a.label}
            type="button"
            className="btn btn--secondary admin-btn--small"
            aria-label={a.name}
            disabled={a.disabled}
            onClick={a.onSelect}
          >
            {a.label}
          </button>
        ))}
      </div>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={trigger}
          className="btn btn--secondary admin-btn--small row-actions__menu"
          aria-label={label}
        >
          Actions
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className="menu admin-menu"
            align="end"
            sideOffset={6}
            // Radix gives focus back a tick after the menu is gone. An action's dialog opened
            // before that would take the vanished item as the place to return focus to; opened
            // here, with focus on the button, it returns focus to the button when it closes.
            onCloseAutoFocus={(event) => {
              const run = picked.current
              if (!run) return
              picked.current = null
              event.preventDefault()
              trigger.current?.focus()
              run()
            }}
          >
            {actions.map((a) => (
              <DropdownMenu.Item
                key={a.label}
                className="menu__item"
                disabled={a.disabled}
                onSelect={() => {
                  picked.current = a.onSelect
                }}
              >
                {a.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  )
}
