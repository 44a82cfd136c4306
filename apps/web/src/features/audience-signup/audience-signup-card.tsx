// The pinned news memo for the cast Q&A (dated 9/6/2025) that opens the signup dialog; without
// JavaScript, where the dialog cannot open, it carries the form itself.
import { lazy, Suspense } from 'react'
import { AudienceSignupDialog } from './audience-signup-dialog'

// Rendered only inside <noscript>, which a live page never renders: the chunk loads on the server.
const AudienceSignupNoScript = lazy(() =>
  import('./audience-signup-no-script').then((m) => ({ default: m.AudienceSignupNoScript })),
)

export function AudienceSignupCard() {
  return (
    <article className="form-card notice" aria-labelledby="qa-card-title">
      <span className="notice__pin" aria-hidden="true" />
      <p className="form-card__meta">
        <span className="form-card__pinned">Pinned</span>{' '}
        <time dateTime="2025-09-06">9/6/2025</time>
      </p>
      <h3 id="qa-card-title" className="form-card__title">
        Meet the Cast: Virtual Q&amp;A
      </h3>
      <p>
        Dez, Rosie, Tubbs and Bertha&apos;s voices answer your questions live. Seats are limited.
      </p>
      <AudienceSignupDialog
        trigger={
          <button type="button" className="btn btn--primary" data-js-only>
            Save my seat
          </button>
        }
      />
      <noscript>
        <Suspense fallback={null}>
          <AudienceSignupNoScript />
        </Suspense>
      </noscript>
    </article>
  )
}
