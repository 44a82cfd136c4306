// What can be done to one row of a console list: its buttons side by side on a wide screen, and
// below 600 px one "Actions" menu (Radix DropdownMenu: arrow keys, Escape, focus return), so a
// card on a phone keeps every action without scrolling sideways. Each action opens its own
// dialog or does its work; the caller owns those dialogs.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'

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
          className="btn btn--secondary admin-btn--small row-actions__menu"
          aria-label={label}
        >
          Actions
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu admin-menu" align="end" sideOffset={6}>
            {actions.map((a) => (
              <DropdownMenu.Item
                key={a.label}
                className="menu__item"
                disabled={a.disabled}
                // After the menu has closed and given focus back to its button: a dialog opened
                // now keeps its focus, and returns it to that button when it closes.
                onSelect={() => setTimeout(a.onSelect, 0)}
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
