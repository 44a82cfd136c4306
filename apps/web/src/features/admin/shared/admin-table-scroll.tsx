import type { ReactNode } from 'react'

/**
 * A wide table's horizontal scroller. It is a named region and focusable so keyboard users can
 * scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable) when its rows hold no links.
 */
export function AdminTableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
    <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
