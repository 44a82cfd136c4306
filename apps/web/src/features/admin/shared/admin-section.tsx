// One console view's frame: a section named by its h2, with an optional intro line.
import type { ReactNode } from 'react'

export function AdminSection({
  id,
  title,
  intro,
  className,
  children,
}: {
  /** Makes the heading's id, `admin-<id>-title`. */
  id: string
  title: ReactNode
  intro?: ReactNode
  /** Classes besides `admin-section`. */
  className?: string
  children: ReactNode
}) {
  const titleId = `admin-${id}-title`
  return (
    <section
      className={className ? `admin-section ${className}` : 'admin-section'}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="admin-section__title">
        {title}
      </h2>
      {intro && <p className="admin-muted">{intro}</p>}
      {children}
    </section>
  )
}
