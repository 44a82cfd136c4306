import type { LegalDoc } from '../content/legal'
import { Dialog } from '../ui/dialog'

/** One of the footer's legal notices, opened from a link-styled button. */
export function LegalDialog({ doc }: { doc: LegalDoc }) {
  return (
    <Dialog
      title={doc.title}
      description={doc.summary}
      meta={doc.updated ? `Last updated: ${doc.updated}` : undefined}
      className="legal-dialog"
      trigger={
        <button type="button" className="footer__link">
          {doc.label}
        </button>
      }
    >
      {doc.blocks.map((block, index) => (
        <section key={block.heading ?? index} className="legal-block">
          {block.heading && <h3>{block.heading}</h3>}
          {block.paragraphs?.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {block.list && (
            <ul>
              {block.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </Dialog>
  )
}
