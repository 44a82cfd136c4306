// The news memo calling for crew, dated today: it opens the application dialog and, once an
// application went in, shows 'Application Submitted!' (SPEC §4).
import { useId, useState } from 'react'
import { Dialog } from '../../ui/dialog'
import { TeamApplicationForm } from './team-application-form'

export function TeamApplicationCard() {
  const [open, setOpen] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const id = useId()
  const today = new Date()
  return (
    <article className="form-card notice" aria-labelledby={`${id}-title`}>
      <span className="notice__pin" aria-hidden="true" />
      <p className="form-card__meta">
        <time dateTime={today.toISOString().slice(0, 10)}>{today.toLocaleDateString('en-US')}</time>
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
          <button type="button" className="btn btn--primary">
            Apply Now
          </button>
        }
      >
        <TeamApplicationForm
          onSubmitted={() => {
            setSubmitted(true)
            setOpen(false)
          }}
        />
      </Dialog>
    </article>
  )
}
