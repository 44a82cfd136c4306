// The signed-in corner of the header: one compact button opening a menu with who is signed in and
// 'Sign Out'. Radix DropdownMenu, as the share menu: a menu button (aria-haspopup, aria-expanded),
// arrow keys and typeahead over its items, Escape and a tap outside close it, focus goes back to
// the button. Loaded with the first signed-in render, which has loaded supabase-js already.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { toast } from '../../ui/toast'
import { AccountFace } from './account-face'
import type { AccountUser } from './account-store'

export default function AccountMenu({ user }: { user: AccountUser }) {
  const signOut = async () => {
    const { signOut: end } = await import('./api/sign-out')
    await end()
    toast.success('Signed out.')
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="account__button account__trigger">
        <AccountFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu account-menu" align="end" sideOffset={8}>
          <DropdownMenu.Label className="account-menu__who">
            Signed in as <strong>{user.username ?? user.email}</strong>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="account-menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={() => void signOut()}>
            <span className="menu__label">Sign Out</span>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
