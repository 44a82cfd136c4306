import type { ReactNode } from 'react'

type HoldButtonProps = {
  /** true while a finger, pen or mouse button holds it down. */
  onHold(down: boolean): void
  children: ReactNode
}

/** A press-and-hold button for touch steering (the keyboard has the arrow keys). */
export function HoldButton({ onHold, children }: HoldButtonProps) {
  return (
    <button
      type="button"
      className="btn btn--secondary bill-move__btn"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId)
        onHold(true)
      }}
      onPointerUp={() => onHold(false)}
      onPointerCancel={() => onHold(false)}
      onLostPointerCapture={() => onHold(false)}
      onContextMenu={(e) => e.preventDefault()}
    >
      {children}
    </button>
  )
}
