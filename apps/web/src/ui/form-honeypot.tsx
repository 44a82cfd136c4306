// A field people never see or reach: bots that fill every input fill it too, and the form then
// pretends to succeed without sending anything.
import type { RefObject } from 'react'
import { HONEYPOT_FIELD } from '../lib/form-outcome'

export function FormHoneypot({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        Leave this empty
        <input ref={inputRef} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  )
}
