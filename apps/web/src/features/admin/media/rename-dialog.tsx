// Rename one object: a dialog asking for the new name, checked by rename-rules before Storage's
// move is called (which checks again and may refuse, e.g. a name taken meanwhile).
import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react'
import { Dialog } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { baseLength, renamedTo, renameProblem } from './rename-rules'
import { extensionOf } from './upload-checks'

type RenameDialogProps = {
  trigger: ReactElement
  name: string
  /** Names already in the listing. */
  taken: readonly string[]
  /** Resolves when renamed; a rejection's message is shown in the dialog. */
  onRename: (to: string) => Promise<void>
}

export function RenameDialog({ trigger, name, taken, onRename }: RenameDialogProps) {
  const [open, setOpen] = useState(false)
  const [value, setValue] = useState(name)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const extension = extensionOf(name)

  // Select the part before the extension, so typing replaces just that.
  useEffect(() => {
    if (!open) return
    const frame = requestAnimationFrame(() => {
      input.current?.focus()
      input.current?.setSelectionRange(0, baseLength(name))
    })
    return () => cancelAnimationFrame(frame)
  }, [open, name])

  const onOpenChange = (next: boolean) => {
    if (busy) return
    setOpen(next)
    setValue(name)
    setError(undefined)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = renameProblem(value, name, taken)
    if (problem) {
      setError(problem)
      input.current?.focus()
      return
    }
    setBusy(true)
    try {
      await onRename(renamedTo(value, name))
      setBusy(false)
      setOpen(false)
    } catch (e) {
      setBusy(false)
      setError((e as Error).message)
      input.current?.focus()
    }
  }

  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      title="Rename file"
      description={`Currently “${name}”.`}
    >
      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        <FormField
          label="New name"
          required
          hint={
            extension
              ? `No “/”. The extension .${extension} is kept unless you type another one.`
              : 'No “/”.'
          }
          error={error}
        >
          {(aria) => (
            <input
              {...aria}
              ref={input}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Renaming...' : 'Rename'}
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  )
}
