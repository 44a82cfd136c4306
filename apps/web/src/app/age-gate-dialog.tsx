// The age gate's door (SPEC §2, §4), shown by age-gate.tsx until the visitor answers. Only its two
// buttons close it — Escape and outside clicks are swallowed.
import * as RadixDialog from '@radix-ui/react-dialog'

const underageDestination = 'https://www.google.com/'

export function AgeGateDialog({ onEnter }: { onEnter: () => void }) {
  const leave = () => {
    window.location.assign(underageDestination)
  }
  const stay = (event: Event) => event.preventDefault()

  return (
    <RadixDialog.Root open>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="gate-overlay" />
        <RadixDialog.Content
          className="gate"
          onEscapeKeyDown={stay}
          onPointerDownOutside={stay}
          onInteractOutside={stay}
        >
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
                <RadixDialog.Title className="gate__title">Who’s there?</RadixDialog.Title>
                <RadixDialog.Description className="gate__text">
                  Rent Due is an adult animated comedy for mature audiences. You must be 18 or older
                  to come in.
                </RadixDialog.Description>
                <div className="gate__actions">
                  <button type="button" className="btn btn--primary btn--large" onClick={onEnter}>
                    I'm 18+ - Enter
                  </button>
                  <button type="button" className="btn btn--secondary btn--large" onClick={leave}>
                    I'm Under 18
                  </button>
                </div>
              </div>
              <div className="gate__knob" aria-hidden="true" />
            </div>
            <p className="gate__mat" aria-hidden="true">
              Go away
            </p>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
