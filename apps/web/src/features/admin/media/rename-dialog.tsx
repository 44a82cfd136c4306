// Rename one object: a dialog asking for the new name, checked by rename-rules before Storage's
// move is called (which checks again and may refuse, e.g. a name taken meanwhile).
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Dialog } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { baseLength, renamedTo, renameProblem } from './rename-rules'
import { extensionOf } from './upload-checks'

type RenameDialogProps = {
  /** The file being renamed; null while the dialog is closed. */
  name: string | null
  /** Names already in the listing. */
  taken: readonly string[]
  /** Resolves when renamed; a rejection's message is shown in the dialog. */
  onRename: (to: string) => Promise<void>
  onClose: () => void
}

export function RenameDialog({ name, taken, onRename, onClose }: RenameDialogProps) {
  const [value, setValue] = useState(name ?? '')
  const [shownFor, setShownFor] = useState(name)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const open = name !== null
  const extension = extensionOf(name ?? '')
  // Opened for another file: start from its name.
  if (shownFor !== name) {
    setShownFor(name)
    setValue(name ?? '')
    setError(undefined)
  }

  // Select the part before the extension, so typing replaces just that.
  useEffect(() => {
    if (name === null) return
    const frame = requestAnimationFrame(() => {
      input.current?.focus()
      input.current?.setSelectionRange(0, baseLength(name))
    })
    return () => cancelAnimationFrame(frame)
  }, [name])

  const onOpenChange = (next: boolean) => {
    if (busy || next) return
    onClose()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (name === null) return
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
      onClose()
    } catch (e) {
      setBusy(false)
      setError((e as Error).message)
      input.current?.focus()
    }
  }

  return (
    <Dialog
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
