// The body of a legal notice's dialog, in its own chunk with the notices' text (legal-dialog.tsx).
import type { LegalTextId } from '../content/legal'
import { legalText } from '../content/legal-text'

export function LegalText({ id }: { id: LegalTextId }) {
  return legalText[id].map((block, index) => (
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
  ))
}
