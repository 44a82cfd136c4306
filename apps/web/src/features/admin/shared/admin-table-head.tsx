// A console table's caption (for screen readers; the section's heading shows it) and its column
// headers, with a last, unnamed-on-screen "Actions" column when its rows have buttons.
import type { ReactNode } from 'react'

type AdminTableHeadProps = {
  caption: ReactNode
  columns: readonly string[]
  /** A last column for each row's actions. */
  actions?: boolean
}

export function AdminTableHead({ caption, columns, actions = false }: AdminTableHeadProps) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          {actions && (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
    </>
  )
}
