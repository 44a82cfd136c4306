import { lazy, Suspense } from 'react'
import type { LegalDoc, LegalTextId } from '../content/legal'
import { Dialog } from '../ui/dialog'
import { LoadingState } from '../ui/loading-state'

// The notice's text comes with the dialog's own code: fetched when the visitor reaches for the
// button (pointer over it, focus) or opens it, never with the footer on every page.
const loadText = () => import('./legal-text')
const LegalText = lazy(() => loadText().then((m) => ({ default: m.LegalText })))

/** One of the footer's legal notices, opened from a link-styled button. */
export function LegalDialog({ doc }: { doc: LegalDoc & { id: LegalTextId } }) {
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
        <LegalText id={doc.id} />
      </Suspense>
    </Dialog>
  )
}
