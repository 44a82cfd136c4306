import { useEffect } from 'react'
import { Toaster as Sonner } from 'sonner'
import { useRadioBarSpace } from '../lib/radio-bar-space'
import { markToasterReady } from './toaster-ready'

/**
 * The one toast outlet: 4000 ms, at most 3 visible (docs/product/errors.md#toasts). Sonner
 * announces through a polite live region; our classes give errors the destructive (Eviction Red)
 * style.
 */
export function Toaster() {
  useEffect(markToasterReady, [])
  const radioBar = useRadioBarSpace()
  return (
    <Sonner
      duration={4000}
      visibleToasts={3}
      position="bottom-center"
      // Above the radio bar while it is shown.
      offset={{ bottom: 24 + radioBar }}
      mobileOffset={{ bottom: 88 + radioBar }}
      containerAriaLabel="Notifications"
      toastOptions={{
        unstyled: true,
        classNames: {
          toast: 'toast',
          title: 'toast__title',
          description: 'toast__description',
          error: 'toast--error',
          success: 'toast--success',
          icon: 'toast__icon',
        },
      }}
    />
  )
}
