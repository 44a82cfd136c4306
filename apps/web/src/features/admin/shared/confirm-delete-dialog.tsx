// "Really delete?" for the admin's content views: opened by its trigger (a Delete button), so
// Radix returns focus there on Cancel; the caller moves focus on success, the row being gone.
import { useState, type ReactElement } from 'react'
import { Dialog } from '../../../ui/dialog'

type ConfirmDeleteDialogProps = {
  trigger: ReactElement
  title: string
  /** What will be lost, in one sentence. */
  description: string
  confirmLabel?: string
  /** Resolves when done; a rejection keeps the dialog open (the caller toasts the error). */
  onConfirm: () => Promise<void>
}

export function ConfirmDeleteDialog({
  trigger,
  title,
  description,
  confirmLabel = 'Delete',
  onConfirm,
}: ConfirmDeleteDialogProps) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
      setOpen(false)
    } catch {
      // The caller has said why; the dialog stays for another try or Cancel.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={(next) => !busy && setOpen(next)}
      title={title}
      description={description}
    >
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? 'Deleting...' : confirmLabel}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </Dialog>
  )
}
