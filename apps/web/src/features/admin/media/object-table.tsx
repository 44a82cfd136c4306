// One page of a bucket's files: name, size, type, last change, and what can be done to each.
import { formatAdminTime } from '../shared/admin-date'
import { ConfirmDeleteDialog } from '../shared/confirm-delete-dialog'
import type { StoredObject } from './api/list-objects'
import { RenameDialog } from './rename-dialog'
import { formatBytes } from './upload-checks'

type ObjectTableProps = {
  bucketName: string
  objects: StoredObject[]
  onRename: (from: string, to: string) => Promise<void>
  onDelete: (name: string) => Promise<void>
}

export function ObjectTable({ bucketName, objects, onRename, onDelete }: ObjectTableProps) {
  const names = objects.map((o) => o.name)
  return (
    <div className="admin-table-wrap">
      <table className="admin-table object-table">
        <caption className="admin-visually-hidden">Files in {bucketName}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Size</th>
            <th scope="col">Type</th>
            <th scope="col">Updated</th>
            <th scope="col">
              <span className="admin-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {objects.map((o) =>
            o.id === null ? (
              <tr key={`folder-${o.name}`}>
                <th scope="row" className="object-table__name">
                  {o.name}/
                </th>
                <td />
                <td>Folder</td>
                <td />
                <td />
              </tr>
            ) : (
              <tr key={o.id}>
                <th scope="row" className="object-table__name">
                  <a href={o.publicUrl} target="_blank" rel="noopener noreferrer">
                    {o.name}
                  </a>
                </th>
                <td className="object-table__nowrap">
                  {o.size === null ? '' : formatBytes(o.size)}
                </td>
                <td>{o.type ?? ''}</td>
                <td className="object-table__nowrap">{formatAdminTime(o.updatedAt)}</td>
                <td>
                  <div className="admin-list__actions object-table__actions">
                    <RenameDialog
                      name={o.name}
                      taken={names}
                      onRename={(to) => onRename(o.name, to)}
                      trigger={
                        <button
                          type="button"
                          className="btn btn--secondary admin-btn--small"
                          aria-label={`Rename ${o.name}`}
                        >
                          Rename
                        </button>
                      }
                    />
                    <ConfirmDeleteDialog
                      title="Delete this file?"
                      description={`“${o.name}” will be removed from ${bucketName} and from every page that lists it.`}
                      onConfirm={() => onDelete(o.name)}
                      trigger={
                        <button
                          type="button"
                          className="btn btn--secondary admin-btn--small"
                          aria-label={`Delete ${o.name}`}
                        >
                          Delete
                        </button>
                      }
                    />
                  </div>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  )
}
