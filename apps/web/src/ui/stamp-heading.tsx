import type { ReactNode } from 'react'

type StampHeadingProps = {
  /** Heading level; the stamp look is the same at every level. */
  level?: 2 | 3
  tone?: 'red' | 'teal' | 'ink'
  id?: string
  children: ReactNode
}

/** A section heading drawn as a rubber stamp: outlined, uppercase, slightly rotated. */
export function StampHeading({ level = 2, tone = 'red', id, children }: StampHeadingProps) {
  const Tag = level === 2 ? 'h2' : 'h3'
  return (
    <Tag id={id} className={`stamp stamp--${tone}`}>
      {children}
    </Tag>
  )
}
