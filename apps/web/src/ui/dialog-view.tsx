// The site's dialog on Radix: focus trap, Escape, focus return and aria wiring come from Radix;
// this file adds the look (a paper notice, or a bottom sheet) and a visible Close button. Its own
// chunk: ui/dialog.tsx loads it when a dialog is about to open.
import * as RadixDialog from '@radix-ui/react-dialog'
import { useRef } from 'react'
import type { DialogProps } from './dialog'

export function DialogView({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  meta,
  variant = 'paper',
  className,
  children,
}: DialogProps) {
  const descriptionProps = description ? {} : { 'aria-describedby': undefined }
  // Radix returns focus to the Trigger only. A dialog opened by its caller instead (a row's
  // Rename or Delete) returns it to what had it when the dialog opened, if that is still there.
  const returnTo = useRef<HTMLElement | null>(null)
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={`dialog-overlay dialog-overlay--${variant}`} />
        <RadixDialog.Content
          className={['dialog', `dialog--${variant}`, className].filter(Boolean).join(' ')}
          {...descriptionProps}
          onOpenAutoFocus={() => {
            returnTo.current = trigger ? null : (document.activeElement as HTMLElement | null)
          }}
          onCloseAutoFocus={(event) => {
            const back = returnTo.current
            returnTo.current = null
            if (!back?.isConnected) return
            event.preventDefault()
            back.focus()
          }}
        >
          <div className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            {meta && <p className="dialog__meta">{meta}</p>}
            {description && (
              <RadixDialog.Description className="dialog__description">
                {description}
              </RadixDialog.Description>
            )}
          </div>
          <div className="dialog__body">{children}</div>
          <RadixDialog.Close className="dialog__close" aria-label="Close">
            <span aria-hidden="true">×</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
