// The submit of every public form (docs/product/forms.md#what-every-form-shares): a bot that filled
// the honeypot is told it worked and nothing is sent; otherwise the row goes in under one
// submission id per typed values (a retry of a request that landed is not stored twice). Success
// runs `onDone` (and toasts `success`); a failure keeps the form and toasts why, the rate limit in
// its own words.
import { useRef } from 'react'
import { RATE_LIMITED_MESSAGE, type SubmitOutcome } from '../lib/submit-insert'
import { useSubmissionId } from '../lib/submit-submission-id'
import { caughtByHoneypot } from './form-honeypot'
import { toast } from './toast'

type FormSubmitOptions<V> = {
  send: (values: V, submissionId: string) => Promise<SubmitOutcome>
  /** After the row went in, and for a bot caught by the honeypot. */
  onDone: () => void
  /** Toasted when the row went in. */
  success?: { title: string; message: string }
  /** The error toast when the insert failed for another reason than the rate limit. */
  failure: string
}

export function useFormSubmit<V>({ send, onDone, success, failure }: FormSubmitOptions<V>) {
  const submission = useSubmissionId()
  /** For <FormHoneypot inputRef={honeypot} />. */
  const honeypot = useRef<HTMLInputElement>(null)
  const submit = async (values: V): Promise<void> => {
    if (caughtByHoneypot(honeypot)) {
      onDone()
      return
    }
    const outcome = await send(values, submission.forValues(values))
    if (outcome === 'ok') {
      submission.succeeded()
      if (success) toast.success(success.title, success.message)
      onDone()
      return
    }
    toast.error(outcome === 'rate-limited' ? RATE_LIMITED_MESSAGE : failure)
  }
  return { honeypot, submit }
}
