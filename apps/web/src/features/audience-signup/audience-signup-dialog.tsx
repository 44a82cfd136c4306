// The 'Virtual Meet the Cast Q&A' signup (docs/product/forms.md#meet-the-cast-qa): form → "You're
// all set!". The form (react-hook-form, zod) loads when the dialog first opens. A failure keeps the
// form and what was typed; closing the dialog clears it and returns to the form.
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { Dialog } from '../../ui/dialog'
import { LoadingState } from '../../ui/loading-state'
import { AudienceSignupDone } from './audience-signup-done'

const loadForm = () => import('./audience-signup-form')
const AudienceSignupForm = lazy(() => loadForm().then((m) => ({ default: m.AudienceSignupForm })))

export function AudienceSignupDialog({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(false)
  const [done, setDone] = useState(false)

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) setDone(false)
  }

  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      title="Virtual Meet the Cast Q&A"
      description="Sign up for our virtual meet and greet with the cast!"
    >
      {done ? (
        <AudienceSignupDone />
      ) : (
        <Suspense fallback={<LoadingState label="Loading the form..." />}>
          <AudienceSignupForm onDone={() => setDone(true)} />
        </Suspense>
      )}
    </Dialog>
  )
}
