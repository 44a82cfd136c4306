// The age gate's door (docs/product/pages.md#age-gate), inside its <dialog> (age-gate.tsx). Both
// answers work before the page is live: 'I'm Under 18' is a plain link, and index.html's head
// script answers 'I'm 18+ - Enter' (data-age-enter) itself, the flag and the cookie (decision
// 301).
const underageDestination = 'https://www.google.com/'

/** The door's contents; its <dialog> is labelled by #gate-title. */
export function GateDoor({ onEnter }: { onEnter: () => void }) {
  return (
    <div className="gate__scene">
      <div className="gate__door">
        <div className="gate__peephole" aria-hidden="true" />
        <p className="gate__number" aria-hidden="true">
          3B
        </p>
        <div className="gate__notice">
          <span className="gate__stamp" aria-hidden="true">
            Knock knock
          </span>
          <h2 id="gate-title" className="gate__title">
            Who’s there?
          </h2>
          <p className="gate__text">
            Rent Due is an adult animated comedy for mature audiences. You must be 18 or older to
            come in.
          </p>
          <div className="gate__actions">
            <button
              type="button"
              className="btn btn--primary btn--large"
              data-age-enter
              onClick={onEnter}
            >
              I'm 18+ - Enter
            </button>
            <a className="btn btn--secondary btn--large" href={underageDestination}>
              I'm Under 18
            </a>
          </div>
        </div>
        <div className="gate__knob" aria-hidden="true" />
      </div>
      <p className="gate__mat" aria-hidden="true">
        Go away
      </p>
    </div>
  )
}
