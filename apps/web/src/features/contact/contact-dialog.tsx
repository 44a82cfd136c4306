// The footer's Contact dialog. The form (react-hook-form, zod) is loaded when the dialog opens,
// so the footer adds nothing of it to the first-paint bundle.
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { Dialog } from '../../ui/dialog'
import { LoadingState } from '../../ui/loading-state'

const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })))

export function ContactDialog({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={setOpen}
      title="Contact Us"
      description="Questions, corrections, deletion requests or fan mail for the team."
    >
      <p>Use this contact form to reach the team. We answer by email, usually within a week.</p>
      <Suspense fallback={<LoadingState label="Loading the form..." />}>
        <ContactForm onSent={() => setOpen(false)} />
      </Suspense>
    </Dialog>
  )
}
