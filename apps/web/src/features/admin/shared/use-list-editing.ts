// The state a console list with an editor shares (news, events, episodes): the row being edited,
// the row waiting for its delete to be confirmed, and the save and delete that run the view's
// `save`, `pin` and `delete` intents. After a delete, focus goes to the list's heading.
import { useRef, useState } from 'react'
import { useAdminAction } from './use-admin-action'

type ListEditingOptions<Row> = {
  /** What the pin and delete intents send besides the row's id (the name their toasts say). */
  names: (row: Row) => Record<string, unknown>
  /** After a save succeeded, before the editor closes; `added` when it was a new row. */
  onSaved?: (added: boolean) => void
  /** After a delete succeeded, before focus moves to the list's heading. */
  onDeleted?: () => void
}

export function useListEditing<Row extends { id: number }, Values>({
  names,
  onSaved,
  onDeleted,
}: ListEditingOptions<Row>) {
  const [editing, setEditing] = useState<Row | null>(null)
  const [deleting, setDeleting] = useState<Row | null>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const write = useAdminAction()

  const save = async (values: Values) => {
    const result = await write.run({ intent: 'save', values, id: editing?.id })
    if (!result.ok) return false
    onSaved?.(!editing)
    setEditing(null)
    return true
  }

  const remove = async () => {
    if (!deleting) return
    const result = await write.run({ intent: 'delete', id: deleting.id, ...names(deleting) })
    if (!result.ok) throw new Error(result.error)
    if (editing?.id === deleting.id) setEditing(null)
    onDeleted?.()
    listHeading.current?.focus()
  }

  /** A pinnable row's Pin/Unpin, for EditableRowActions: flips it through the `pin` intent. */
  const pinOf = (row: Row & { pinned: boolean }) => ({
    pinned: row.pinned,
    busy: write.busy,
    onToggle: () =>
      void write.run({ intent: 'pin', id: row.id, pinned: !row.pinned, ...names(row) }),
  })

  return { editing, setEditing, deleting, setDeleting, listHeading, save, remove, pinOf }
}
