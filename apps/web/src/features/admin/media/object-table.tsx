// One page of a bucket's files: name, size, type in words, last change in the team member's own
// time, and what can be done to each (Rename, Delete; one Actions menu per card on a phone).
import { useState } from 'react'
import { formatAdminTime } from '../shared/admin-date'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { describeType } from '../shared/media-types'
import { RowActions } from '../shared/row-actions'
import type { StoredObject } from './api/list-objects'
import { RenameDialog } from './rename-dialog'
import { formatBytes } from './upload-checks'
import { AdminTableHead } from '../shared/admin-table-head'

type ObjectTableProps = {
  bucketName: string
  objects: StoredObject[]
  onRename: (from: string, to: string) => Promise<void>
  onDelete: (name: string) => Promise<void>
}

export function ObjectTable({ bucketName, objects, onRename, onDelete }: ObjectTableProps) {
  const names = objects.map((o) => o.name)
  const [renaming, setRenaming] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)
  return (
    <>
      <table className="admin-table admin-table--cards object-table">
        <AdminTableHead
          caption={<>Files in {bucketName}</>}
          columns={['Name', 'Size', 'Type', 'Updated']}
          actions
        />
        <tbody>
          {objects.map((o) =>
            o.id === null ? (
              <tr key={`folder-${o.name}`}>
                <th scope="row" className="object-table__name">
                  {o.name}/
                </th>
                <td data-label="Size" />
                <td data-label="Type">Folder</td>
                <td data-label="Updated" />
                <td />
              </tr>
            ) : (
              <tr key={o.id}>
                <th scope="row" className="object-table__name">
                  <a href={o.publicUrl} target="_blank" rel="noopener noreferrer">
                    {o.name}
                  </a>
                </th>
                <td data-label="Size" className="object-table__nowrap">
                  {o.size === null ? '' : formatBytes(o.size)}
                </td>
                <td data-label="Type">{describeType(o.type)}</td>
                <td data-label="Updated">{formatAdminTime(o.updatedAt)}</td>
                <td className="admin-table__actions">
                  <RowActions
                    label={`Actions for ${o.name}`}
                    actions={[
                      {
                        label: 'Rename',
                        name: `Rename ${o.name}`,
                        onSelect: () => setRenaming(o.name),
                      },
                      {
                        label: 'Delete',
                        name: `Delete ${o.name}`,
                        onSelect: () => setDeleting(o.name),
                      },
                    ]}
                  />
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      <RenameDialog
        name={renaming}
        taken={names}
        onRename={(to) => onRename(renaming ?? '', to)}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this file?"
        description={
          deleting
            ? `“${deleting}” will be removed from ${bucketName} and from every page that lists it.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={() => onDelete(deleting ?? '')}
      />
    </>
  )
}
