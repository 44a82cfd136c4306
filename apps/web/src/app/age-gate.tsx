// The age gate (SPEC §2, §4): a door you must answer before coming in. Only its two buttons close
// it — Escape and outside clicks are swallowed. Where localStorage throws, the answer lives in
// memory, so the gate shows once per page load.
import * as RadixDialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import { readStored, writeStored } from '../lib/safe-storage'

const storageKey = 'ageVerified'
const underageDestination = 'https://www.google.com/'

export function AgeGate() {
  const [open, setOpen] = useState(() => readStored(storageKey) !== 'true')

  const enter = () => {
    writeStored(storageKey, 'true')
    setOpen(false)
  }
  const leave = () => {
    window.location.assign(underageDestination)
  }
  const stay = (event: Event) => event.preventDefault()

  return (
    <RadixDialog.Root open={open}>
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
                  <button type="button" className="btn btn--primary btn--large" onClick={enter}>
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
