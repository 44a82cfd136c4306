// "Really?" for the console: a dialog with one consequential button and Cancel. Opened by its
// trigger, or by the caller (open/onOpenChange) from a row's actions menu. The confirm button
// runs `onConfirm`; a rejection keeps the dialog open (the caller has said why).
import { useState, type ReactElement, type ReactNode } from 'react'
import { Dialog } from '../../../ui/dialog'

type ConfirmDialogProps = {
  trigger?: ReactElement
  open?: boolean
  onOpenChange?: (open: boolean) => void
  title: string
  /** What will happen, in one sentence. */
  description: string
  confirmLabel: string
  busyLabel: string
  onConfirm: () => Promise<void>
  /** Extra content above the buttons, e.g. a reason field. */
  children?: ReactNode
}

export function ConfirmDialog({
  trigger,
  open: controlled,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const [own, setOwn] = useState(false)
  const [busy, setBusy] = useState(false)
  const open = controlled ?? own
  const setOpen = (next: boolean) => {
    if (busy) return
    if (controlled === undefined) setOwn(next)
    onOpenChange?.(next)
  }

  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
      setBusy(false)
      if (controlled === undefined) setOwn(false)
      onOpenChange?.(false)
    } catch {
      setBusy(false)
    }
  }

  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
    >
      <form
        className="form admin-confirm"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void confirm()
        }}
      >
        {children}
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  )
}
