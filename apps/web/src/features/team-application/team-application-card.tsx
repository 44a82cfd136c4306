// The news memo calling for crew, dated today: it opens the application dialog and, once an
// application went in, shows 'Application Submitted!' (docs/product/forms.md#team-application). The
// form (react-hook-form, zod) loads when the dialog first opens, not with the page; without
// JavaScript, where the dialog cannot open, the server writes the form into the card inside
// <noscript>.
import { lazy, Suspense, useId, useState } from 'react'
import { formatShortDate } from '../../lib/news-date'
import { Dialog } from '../../ui/dialog'
import { LoadingState } from '../../ui/loading-state'
import { useServedOutcome } from '../../ui/use-router-form'
import { TEAM_APPLICATION_FORM } from './team-application-name'

const TeamApplicationForm = lazy(() =>
  import('./team-application-form').then((m) => ({ default: m.TeamApplicationForm })),
)

type TeamApplicationCardProps = {
  /** Today as an ISO calendar date ('2026-11-22'), as the page's loader saw it. */
  today: string
}

export function TeamApplicationCard({ today }: TeamApplicationCardProps) {
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState(false)
  // Posted without JavaScript, the page comes back with the outcome.
  const served = useServedOutcome(TEAM_APPLICATION_FORM)
  const submitted = sent || served?.status === 'ok'
  const id = useId()
  const [y, m, d] = today.split('-').map(Number)
  return (
    <article className="form-card notice" aria-labelledby={`${id}-title`}>
      <span className="notice__pin" aria-hidden="true" />
      <p className="form-card__meta">
        <time dateTime={today}>{formatShortDate(new Date(y ?? 0, (m ?? 1) - 1, d ?? 1))}</time>
      </p>
      <h3 id={`${id}-title`} className="form-card__title">
        Join the Team
      </h3>
      <p>
        Voice actors, writers, animators, licensing and street team: the building is hiring (rent
        not included).
      </p>
      {submitted && (
        <p className="form-card__stamp" role="status">
          Application Submitted!
        </p>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Join the Team"
        description="Tell us who you are and what you would like to do."
        trigger={
          <button type="button" className="btn btn--primary" data-js-only>
            Apply Now
          </button>
        }
      >
        <Suspense fallback={<LoadingState label="Loading the form..." />}>
          <TeamApplicationForm
            onSubmitted={() => {
              setSent(true)
              setOpen(false)
            }}
          />
        </Suspense>
      </Dialog>
      {!submitted && (
        <noscript>
          <Suspense fallback={null}>
            <TeamApplicationForm />
          </Suspense>
        </noscript>
      )}
    </article>
  )
}
