// What a public form's route action answers (decision 300), the same object in the browser (a
// fetcher's data) and on the server (the router's action data the page is rendered with after a
// form was posted without JavaScript): which form, how it went, and for a refusal the texts to
// show and what was typed, so the page can show the form again as the fan left it.

/** The hidden field that says which form a post comes from. */
export const FORM_INTENT = 'intent'

/** The field people never see (ui/form-honeypot.tsx): a bot that fills it is told it worked. */
export const HONEYPOT_FIELD = 'website'

export type FormStatus =
  /** Stored (or a bot caught by the honeypot). */
  | 'ok'
  /** The form's rules refused a field. */
  | 'invalid'
  /** The database refused the row. */
  | 'failed'
  /** The database could not be reached. */
  | 'unavailable'
  /** Too many from this address (the per-address row limit in the database). */
  | 'rate-limited'
  /** A form that only works with JavaScript (the account forms, the quiz) reached the server. */
  | 'needs-js'

export interface FormOutcome {
  form: string
  status: FormStatus
  /** The sentence to show (toast or inline) when it was not stored. */
  message?: string
  /** The first error of each refused field, by field name. */
  fieldErrors?: Record<string, string>
  /** What was typed (never a password), to fill the form in again. */
  values?: Record<string, string>
}

export function isFormOutcome(value: unknown): value is FormOutcome {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FormOutcome).form === 'string' &&
    typeof (value as FormOutcome).status === 'string'
  )
}

/** The HTTP status of the page rendered with this outcome. */
export function httpStatusOf(outcome: FormOutcome): number {
  switch (outcome.status) {
    case 'ok':
      return 200
    case 'rate-limited':
      return 429
    case 'unavailable':
      return 503
    default:
      return 400
  }
}
