// The pieces a console list of rows shares (news, events, episodes): the list's part with its
// heading (focused after a delete), the failed-read alert and the empty line; each row's Edit,
// Pin/Unpin and Delete; and the delete's confirmation.
import type { ReactNode, Ref } from 'react'
import { ConfirmDialog } from './confirm-dialog'
import { RowActions, type RowAction } from './row-actions'

type AdminListPartProps = {
  /** The heading's id; the part is labelled by it. */
  headingId: string
  headingRef: Ref<HTMLHeadingElement>
  /** The heading, with the count when the list was read. */
  heading: string
  /** What could not be loaded ("The news"), or null when the list was read. */
  failed: string | null
  /** Shown when the list was read and is empty. */
  empty: ReactNode
  listLabel: string
  /** The rows as `<li>`s; the list shows when there is at least one. */
  rows: ReactNode[]
  /** Below the list (a pager). */
  children?: ReactNode
}

export function AdminListPart({
  headingId,
  headingRef,
  heading,
  failed,
  empty,
  listLabel,
  rows,
  children,
}: AdminListPartProps) {
  return (
    <section className="admin-content__part" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="admin-subtitle">
        {heading}
      </h3>
      {failed !== null && (
        <p className="admin-error" role="alert">
          {failed} could not be loaded. Reload the page to try again.
        </p>
      )}
      {failed === null && rows.length === 0 && empty}
      {rows.length > 0 && (
        <ul className="admin-list" aria-label={listLabel}>
          {rows}
        </ul>
      )}
      {children}
    </section>
  )
}

type EditableRowActionsProps = {
  /** How the row is named in its buttons' names ("Edit <name>"). */
  name: string
  onEdit: () => void
  onDelete: () => void
  /** Rows that can be pinned: whether this one is, and the write that flips it. */
  pin?: { pinned: boolean; busy: boolean; onToggle: () => void }
}

export function EditableRowActions({ name, onEdit, onDelete, pin }: EditableRowActionsProps) {
  const actions: RowAction[] = [{ label: 'Edit', name: `Edit ${name}`, onSelect: onEdit }]
  if (pin) {
    const label = pin.pinned ? 'Unpin' : 'Pin'
    actions.push({ label, name: `${label} ${name}`, disabled: pin.busy, onSelect: pin.onToggle })
  }
  actions.push({ label: 'Delete', name: `Delete ${name}`, onSelect: onDelete })
  return <RowActions label={`Actions for ${name}`} actions={actions} />
}

type DeleteRowDialogProps<Row> = {
  row: Row | null
  onClose: () => void
  title: string
  /** What the delete does to this row, in one sentence. */
  describe: (row: Row) => string
  onConfirm: () => Promise<void>
}

export function DeleteRowDialog<Row>({
  row,
  onClose,
  title,
  describe,
  onConfirm,
}: DeleteRowDialogProps<Row>) {
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={row ? describe(row) : ''}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={onConfirm}
    />
  )
}
