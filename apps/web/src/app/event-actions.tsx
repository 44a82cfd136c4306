// What a pinned event's card offers, by the sign-up form the team chose for it (migration 0021):
// the cast Q&A's sign-up dialog, or nothing. Here because the events feature may not import the
// sign-up feature; the pages hand this to it. The dialog renders its button from the first paint
// on, the same element before, during and after hydration (ui/dialog.tsx fetches the dialog's own
// code when the visitor reaches for the button): a button swapped for another while a tap is
// under way (pressed on one, released on the other) gets no click, and the tap would be lost.
// Without JavaScript, where the dialog cannot open, the card carries the form itself.
import { lazy, Suspense, type ReactNode } from 'react'
import { AudienceSignupDialog } from '../features/audience-signup/audience-signup-dialog'

// Rendered only inside <noscript>, which a live page never renders: the chunk loads on the server.
const AudienceSignupNoScript = lazy(() =>
  import('../features/audience-signup/audience-signup-no-script').then((m) => ({
    default: m.AudienceSignupNoScript,
  })),
)

export function eventAction(event: { signup_form: string }): ReactNode {
  if (event.signup_form !== 'audience_signups') return null
  return <AudienceSignupAction />
}

function AudienceSignupAction() {
  return (
    <>
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
    </>
  )
}
