// What the signed-in account button shows: the fan's initial in a round badge, then who is signed
// in ('Signed in as' is for screen readers; on phones the name is too, only the badge is seen).
import type { AccountUser } from './account-store'

export function AccountFace({ user }: { user: AccountUser }) {
  const name = user.username ?? user.email
  const initial = (Array.from(name.trim())[0] ?? '?').toUpperCase()
  return (
    <>
      <span className="account__initial" aria-hidden="true">
        {initial}
      </span>
      <span className="visually-hidden">Signed in as </span>
      <span className="account__name">{name}</span>
    </>
  )
}
