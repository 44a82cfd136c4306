// The route action every page shares (decision 300), loaded on the first form post: the field
// `intent` names the form, its feature's definition checks and stores it (lib/form-handler.ts).
// It runs in the browser when a live page submits through a fetcher, and on the server when the
// browser posted the form itself (before the page was live, or without JavaScript); the server
// then renders the page with the outcome as the router's action data.
import { data, type ActionFunctionArgs } from 'react-router'
import type { z } from 'zod'
import { handleForm, type FormDefinition } from '../lib/form-handler'
import { FORM_INTENT, httpStatusOf, type FormOutcome } from '../lib/form-outcome'
import { readClient } from '../lib/supabase'

type AnyDefinition = FormDefinition<z.ZodObject>

const definitions: Record<string, () => Promise<AnyDefinition>> = {
  'fan-club': () =>
    import('../features/fan-club/fan-club-definition').then((m) => m.fanClubForm as AnyDefinition),
  contact: () =>
    import('../features/contact/contact-definition').then((m) => m.contactForm as AnyDefinition),
  'audience-signup': () =>
    import('../features/audience-signup/audience-signup-definition').then(
      (m) => m.audienceSignupForm as AnyDefinition,
    ),
  'team-application': () =>
    import('../features/team-application/team-application-definition').then(
      (m) => m.teamApplicationForm as AnyDefinition,
    ),
  'merch-waitlist': () =>
    import('../features/merch-waitlist/merch-waitlist-definition').then(
      (m) => m.merchWaitlistForm as AnyDefinition,
    ),
}

/**
 * Forms that only a live page can send, through supabase-js in the page: the account forms (the
 * session lives in the browser) and the quiz's start (the quiz is played in the page). They are
 * in the page only once it is live; should one be posted anyway, nothing of it is read.
 */
const BROWSER_ONLY = new Set(['sign-in', 'sign-up', 'quiz-start'])

export async function formAction({ request, context }: ActionFunctionArgs) {
  const body = await request.formData()
  const intent = body.get(FORM_INTENT)
  const form = typeof intent === 'string' ? intent : ''
  let outcome: FormOutcome
  if (Object.hasOwn(definitions, form)) {
    const definition = await definitions[form]!()
    outcome = await handleForm(definition, body, () => readClient(context))
  } else if (BROWSER_ONLY.has(form)) {
    outcome = {
      form,
      status: 'needs-js',
      message: 'This form needs JavaScript. Please turn it on.',
    }
  } else {
    outcome = { form, status: 'invalid', message: 'This form could not be sent.' }
  }
  return data(outcome, { status: httpStatusOf(outcome) })
}
