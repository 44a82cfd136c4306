// The newsletter as the fans will see it, drawn from the editor as the team types: the subject,
// and the Markdown rendered by the very renderer the server uses for the mail's HTML part
// (@rent-due/mail-markdown), which escapes every tag typed and keeps only web and mailto links.
import { renderMailMarkdown } from '@rent-due/mail-markdown/render'
import { useMemo } from 'react'

type NewsletterPreviewProps = { subject: string; body: string }

export function NewsletterPreview({ subject, body }: NewsletterPreviewProps) {
  const html = useMemo(() => renderMailMarkdown(body).html, [body])
  return (
    <article className="newsletter-preview" aria-label="Preview of the newsletter">
      <p className="newsletter-preview__subject">
        <span className="newsletter-preview__label">Subject: </span>
        {subject.trim() || 'Your subject'}
      </p>
      {body.trim() ? (
        // The renderer's output: Markdown's own elements only, every typed tag escaped.
        <div className="newsletter-preview__body" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <div className="newsletter-preview__body">
          <p>Your newsletter.</p>
        </div>
      )}
      <p className="newsletter-preview__footer">
        You get this because you signed up on the Rent Due fan site. <span>Unsubscribe</span>
      </p>
    </article>
  )
}
