// What a pinned event's card offers, by the sign-up form the team chose for it (migration 0021):
// the cast Q&A's sign-up dialog, or nothing. Here because the events feature may not import the
// sign-up feature; the pages hand this to it. The dialog's code is a chunk of its own, as the
// Q&A card's was: until it arrives the same button stands in (the server renders that button), and
// a tap on it is kept: the dialog opens as soon as its code is in.
// Without JavaScript, where the dialog cannot open, the card carries the form itself.
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useHydrated } from '../lib/use-hydrated'

const AudienceSignupDialog = lazy(() =>
  import('../features/audience-signup/audience-signup-dialog').then((m) => ({
    default: m.AudienceSignupDialog,
  })),
)

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
  const [tapped, setTapped] = useState(false)
  // The page hydrates with a plain button, live at once: a lazy dialog the server rendered whole
  // would stay dehydrated until its code arrived, and a tap on it then would be lost.
  const live = useHydrated()
  const button = (onClick?: () => void) => (
    <button type="button" className="btn btn--primary" data-js-only onClick={onClick}>
      Save my seat
    </button>
  )
  return (
    <>
      {live || tapped ? (
        <Suspense fallback={button(() => setTapped(true))}>
          <AudienceSignupDialog trigger={button()} defaultOpen={tapped} />
        </Suspense>
      ) : (
        button(() => setTapped(true))
      )}
      <noscript>
        <Suspense fallback={null}>
          <AudienceSignupNoScript />
        </Suspense>
      </noscript>
    </>
  )
}
