import { lazy, Suspense } from 'react'
import type { LegalDoc } from '../content/legal'
import type { LegalTextId } from '../content/legal-text'
import { Dialog } from '../ui/dialog'
import { LoadingState } from '../ui/loading-state'

// The notice's text comes with the dialog's own code: fetched when the visitor reaches for the
// button (pointer over it, focus) or opens it, never with the footer on every page.
const loadText = () => import('./legal-text')
const LegalText = lazy(loadText)

/** One of the footer's legal notices, opened from a link-styled button. */
export function LegalDialog({ doc, text }: { doc: LegalDoc; text: LegalTextId }) {
  return (
    <Dialog
      title={doc.title}
      description={doc.summary}
      meta={doc.updated ? `Last updated: ${doc.updated}` : undefined}
      className="legal-dialog"
      trigger={
        <button
          type="button"
          className="footer__link"
          onPointerEnter={() => void loadText()}
          onFocus={() => void loadText()}
        >
          {doc.label}
        </button>
      }
    >
      <Suspense
        fallback={<LoadingState label={`Loading the ${doc.label.toLowerCase()} notice...`} />}
      >
        <LegalText id={text} />
      </Suspense>
    </Dialog>
  )
}
