// How a public form is sent (decision 300). It is a real <form method="post"> to its own page:
// before the page is live, or without JavaScript, the browser posts it and the server's route
// action stores it, then sends the page again with the outcome (this hook's `served`). Once the
// page is live the same fields go through the router (a fetcher) to the same action, without a
// reload. Never as a GET: nothing the fan typed goes into a URL.
//
// A live submit's outcome: success runs `onDone` (and toasts `success`); a refusal keeps the form
// and toasts why (the rate limit in its own words). One submission id per typed values, so a
// retry of a post that landed is not stored twice; the honeypot goes along, and the action tells
// a bot it worked without sending anything.
import { useContext, useEffect, useEffectEvent, useMemo, useRef } from 'react'
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form'
import { UNSAFE_DataRouterStateContext, useFetcher, useLocation } from 'react-router'
import { FORM_INTENT, HONEYPOT_FIELD, isFormOutcome, type FormOutcome } from '../lib/form-outcome'
import { useSubmissionId } from '../lib/submit-submission-id'
import { toast } from './toast'

type RouterFormOptions = {
  /** The form's name for the action (its `intent`). */
  form: string
  /** After a live submit stored the row (or a bot was caught). */
  onDone?: () => void
  /** Toasted when a live submit stored the row. */
  success?: { title: string; message: string }
}

/**
 * The outcome the page was rendered with, when this form was posted by the browser itself: the
 * router's action data (of whichever route took the post: the footer's form posts to any page).
 */
export function useServedOutcome(form: string): FormOutcome | undefined {
  // The router state's context: useActionData() only reads the route it is rendered in.
  const state = useContext(UNSAFE_DataRouterStateContext)
  return Object.values(state?.actionData ?? {}).find(
    (value): value is FormOutcome => isFormOutcome(value) && value.form === form,
  )
}

export function useRouterForm<V extends Record<string, string>>({
  form,
  onDone,
  success,
}: RouterFormOptions) {
  const fetcher = useFetcher<FormOutcome>()
  const served = useServedOutcome(form)
  const submission = useSubmissionId()
  /** For <FormHoneypot inputRef={honeypot} />. */
  const honeypot = useRef<HTMLInputElement>(null)
  const postProps = usePostFormProps()
  // react-hook-form's `errors` option: kept the same object, or the form would reset its errors on
  // every render.
  const servedErrors = useMemo(
    () =>
      served?.fieldErrors &&
      (Object.fromEntries(
        Object.entries(served.fieldErrors).map(([name, message]) => [
          name,
          { type: 'server', message },
        ]),
      ) as FieldErrors<V>),
    [served],
  )

  const settle = useEffectEvent((outcome: FormOutcome) => {
    if (outcome.status === 'ok') {
      submission.succeeded()
      if (success) toast.success(success.title, success.message)
      onDone?.()
    } else {
      toast.error(outcome.message ?? 'Something went wrong. Please try again.')
    }
  })
  // Each live submit's outcome is a new object: handled once.
  const settled = useRef<FormOutcome | undefined>(undefined)
  useEffect(() => {
    const outcome = fetcher.data
    if (!outcome || settled.current === outcome) return
    settled.current = outcome
    settle(outcome)
  }, [fetcher.data])

  const submit = async (values: V): Promise<void> => {
    await fetcher.submit(
      {
        ...values,
        [FORM_INTENT]: form,
        submission_id: submission.forValues(values),
        [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
      },
      postProps,
    )
  }

  return {
    honeypot,
    submit,
    /** The latest outcome: of the live submit, else the one the page was rendered with. */
    outcome: fetcher.data ?? served,
    /** The served outcome's refusal, shown in the form until the fan sends it again. */
    notice: fetcher.data === undefined && served?.status !== 'ok' ? served?.message : undefined,
    /** For useForm's `errors`: the field errors the page was served with (a refused post). */
    servedErrors,
    /**
     * What the fan had typed into `name` when the page was served after a refused post, for the
     * input's defaultValue and useForm's defaultValues. Undefined otherwise, on purpose: the form
     * then keeps what is in the input, typed before the page was live, instead of clearing it.
     */
    servedValue: (name: keyof V & string): string | undefined => served?.values?.[name],
    /** The <form> element's own attributes. */
    formProps: postProps,
  }
}

/**
 * A form's `method` and `action`: a post to the page it is on. Also for the forms a live page
 * sends itself (the account forms, the quiz): a browser that submits one natively never turns what
 * it holds into a URL.
 */
export function usePostFormProps() {
  const { pathname } = useLocation()
  return { method: 'post', action: pathname } as const
}

/** The hidden field that names the form for the action. */
export function formIntentField(form: string) {
  return { type: 'hidden', name: FORM_INTENT, value: form } as const
}

/**
 * A field's react-hook-form props with the value the page was served with after a refused post
 * (`servedValue`): `<input {...field('email')} />`.
 */
export function servedFields<V extends FieldValues>(
  register: UseFormRegister<V>,
  servedValue: (name: Path<V> & string) => string | undefined,
) {
  return (name: Path<V> & string) => ({ ...register(name), defaultValue: servedValue(name) })
}
