// The Q&A signup for a browser without JavaScript, where the card's dialog cannot open: the server
// writes the form into the card inside <noscript> (a live page never renders it). After it was
// posted, the page comes back with the outcome: "You're all set!", or the form again.
import { useServedOutcome } from '../../ui/use-router-form'
import { AudienceSignupDone } from './audience-signup-done'
import { AUDIENCE_SIGNUP_FORM, AudienceSignupForm } from './audience-signup-form'

export function AudienceSignupNoScript() {
  const served = useServedOutcome(AUDIENCE_SIGNUP_FORM)
  return served?.status === 'ok' ? <AudienceSignupDone /> : <AudienceSignupForm />
}
