// Home's phone layout only (docs/product/pages.md#play-games-sheet; hidden by CSS on wider
// screens): a floating button that opens the 'Play Games' bottom sheet. It docks at the right end
// of the strip along the bottom edge that the page keeps free (the radio's mini bar, or the strip
// on its own before the radio is there), so it never lies on the page's content (shell.css,
// decision 200).
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { gamesSheetLinks } from '../content/site'
import { Dialog } from '../ui/dialog'

export function GamesSheet() {
  const [open, setOpen] = useState(false)
  const { pathname } = useLocation()
  if (pathname !== '/') return null
  return (
    <div className="games-fab">
      <Dialog
        variant="sheet"
        open={open}
        onOpenChange={setOpen}
        title="Play Games"
        description="Short breaks between rent reminders."
        trigger={
          <button type="button" className="games-fab__button" data-js-only>
            <span className="games-fab__icon" aria-hidden="true">
              ▶
            </span>
            <span className="games-fab__label">
              <span>Play</span> <span>Games</span>
            </span>
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
