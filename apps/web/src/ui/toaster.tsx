import { useEffect } from 'react'
import { Toaster as Sonner } from 'sonner'
import { markToasterReady } from './toaster-ready'

/**
 * The one toast outlet: 4000 ms, at most 3 visible (SPEC §9). Sonner announces through a polite
 * live region; our classes give errors the destructive (Eviction Red) style.
 */
export function Toaster() {
  useEffect(markToasterReady, [])
  return (
    <Sonner
      duration={4000}
      visibleToasts={3}
      position="bottom-center"
      // Above the radio bar while it is shown (it sets --radio-bar-height on <html>).
      offset={{ bottom: 'calc(24px + var(--radio-bar-height, 0px))' }}
      mobileOffset={{ bottom: 'calc(88px + var(--radio-bar-height, 0px))' }}
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
