// The site's dialog (ui/dialog-view.tsx: Radix, with our look). Radix and its scroll lock are
// about 20 KiB gzip that no page needs before a dialog opens, and the header, the footer and many
// cards carry a dialog's button: so the button is rendered on its own (as the server renders it)
// and the dialog's code is fetched when the visitor reaches for it (pointer over it, focus) or
// when it is opened. From the first opening on, the Radix dialog stays mounted, so focus returns
// to its button on close as Radix does it.
import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react'

export type DialogProps = {
  /** The element that opens the dialog (a button); focus returns to it on close. */
  trigger?: ReactElement
  open?: boolean
  onOpenChange?: (open: boolean) => void
  title: ReactNode
  /** A one-line description, announced with the title. */
  description?: ReactNode
  /** Extra line under the title, e.g. a last-updated date. */
  meta?: ReactNode
  variant?: 'paper' | 'sheet'
  className?: string
  children: ReactNode
}

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void
  onFocus?: (event: FocusEvent<HTMLElement>) => void
  'aria-haspopup'?: 'dialog'
  'aria-expanded'?: boolean
}

const loadView = () => import('./dialog-view')
const DialogView = lazy(() => loadView().then((m) => ({ default: m.DialogView })))

export function Dialog(props: DialogProps) {
  const { trigger, open, onOpenChange } = props
  const [ownOpen, setOwnOpen] = useState(false)
  const [live, setLive] = useState(false)
  const isOpen = open ?? ownOpen
  if (isOpen && !live) setLive(true)
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next)
    onOpenChange?.(next)
  }

  if (!live && !isOpen) {
    if (!trigger) return null
    const button = trigger as ReactElement<TriggerProps>
    const own = button.props
    return cloneElement(button, {
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        own.onPointerEnter?.(event)
        void loadView()
      },
      onFocus: (event: FocusEvent<HTMLElement>) => {
        own.onFocus?.(event)
        void loadView()
      },
      onClick: (event: MouseEvent<HTMLElement>) => {
        own.onClick?.(event)
        if (!event.defaultPrevented) setOpen(true)
      },
    })
  }
  return (
    <Suspense fallback={trigger ?? null}>
      <DialogView {...props} open={isOpen} onOpenChange={setOpen} />
    </Suspense>
  )
}
