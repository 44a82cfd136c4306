// Mobile only (< 768 px, hidden by CSS above that): a floating button that opens the 'Play Games'
// bottom sheet (SPEC §2). Not on the game pages themselves, where it would float over the
// canvas and the quiz's answer buttons.
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { gamesSheetLinks } from '../content/site'
import { Dialog } from '../ui/dialog'

export function GamesSheet() {
  const [open, setOpen] = useState(false)
  const { pathname } = useLocation()
  if (pathname.startsWith('/games/')) return null
  return (
    <div className="games-fab">
      <Dialog
        variant="sheet"
        open={open}
        onOpenChange={setOpen}
        title="Play Games"
        description="Short breaks between rent reminders."
        trigger={
          <button type="button" className="games-fab__button">
            <span className="games-fab__icon" aria-hidden="true">
              ▶
            </span>
            Play Games
          </button>
        }
      >
        <ul className="sheet-links">
          {gamesSheetLinks.map((link) => (
            <li key={link.to}>
              <Link className="sheet-link" to={link.to} onClick={() => setOpen(false)}>
                <span className="sheet-link__label">{link.label}</span>
                <span className="sheet-link__hint">{link.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Dialog>
    </div>
  )
}
