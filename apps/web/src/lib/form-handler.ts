// The action's half of a public form (decision 300): one form's fields out of the posted body,
// checked by the very zod schema the form checks them with in the browser, then sent as the same
// insert, as anon, so that row level security and the per-address row limit in the database
// decide. The same code runs in the browser (a fetcher's submit) and on the server (a form posted
// before the page was live, or without JavaScript).
import type { z } from 'zod'
import { FORM_INTENT, HONEYPOT_FIELD, type FormOutcome } from './form-outcome'
import { RATE_LIMITED_MESSAGE, type SubmitOutcome, type TableClient } from './submit-insert'
import { derivedSubmissionId, submissionIdFrom } from './submit-submission-id'

export interface FormDefinition<S extends z.ZodObject> {
  /** The rules, shared with the form's resolver; its keys are the form's field names. */
  schema: S
  send(values: z.output<S>, submissionId: string, client: TableClient): Promise<SubmitOutcome>
  /** The spec's text for a failed submit. */
  failure: string
}

/**
 * A field's text. Line breaks as a live form's fields hold them: a browser posting a form itself
 * sends a textarea's line breaks as CR LF.
 */
function text(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : ''
}

/** The first message per field, as the form shows them. */
function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    if (field && !(field in errors)) errors[field] = issue.message
  }
  return errors
}

export async function handleForm<S extends z.ZodObject>(
  definition: FormDefinition<S>,
  body: FormData,
  client: () => Promise<TableClient>,
): Promise<FormOutcome> {
  const form = text(body.get(FORM_INTENT))
  const values = Object.fromEntries(
    Object.keys(definition.schema.shape).map((name) => [name, text(body.get(name))]),
  )
  // A bot that filled the field people never see is told it worked; nothing is sent.
  if (text(body.get(HONEYPOT_FIELD)) !== '') return { form, status: 'ok' }
  const parsed = definition.schema.safeParse(values)
  if (!parsed.success) {
    return {
      form,
      status: 'invalid',
      message: definition.failure,
      fieldErrors: fieldErrorsOf(parsed.error),
      values,
    }
  }
  const submissionId =
    submissionIdFrom(body.get('submission_id')) ?? (await derivedSubmissionId(form, parsed.data))
  const sent = await definition.send(parsed.data, submissionId, await client())
  if (sent === 'ok') return { form, status: 'ok' }
  return {
    form,
    status: sent,
    message: sent === 'rate-limited' ? RATE_LIMITED_MESSAGE : definition.failure,
    values,
  }
}
