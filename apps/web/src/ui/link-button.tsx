import type { ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router'

export type ButtonVariant = 'primary' | 'secondary'

type LinkButtonProps = Omit<LinkProps, 'className'> & {
  variant?: ButtonVariant
  /** 'large' is for the one primary action of a section (≥ 44 px tall). */
  size?: 'regular' | 'large'
  className?: string
  children: ReactNode
}

/** A navigation link that looks like a button (it still goes somewhere, so it stays a link). */
export function LinkButton({
  variant = 'primary',
  size = 'regular',
  className,
  children,
  ...rest
}: LinkButtonProps) {
  const classes = ['btn', `btn--${variant}`, size === 'large' && 'btn--large', className]
  return (
    <Link className={classes.filter(Boolean).join(' ')} {...rest}>
      {children}
    </Link>
  )
}
