// A handshake between the lazily loaded Toaster and the toast API: sonner drops toasts sent before
// its <Toaster> has mounted, so toast() waits for this.
import { sharedValue, useSharedValue } from '../lib/shared-value'

let markReady: () => void = () => {}

export const toasterReady: Promise<void> = new Promise((resolve) => {
  markReady = resolve
})

export function markToasterReady(): void {
  markReady()
}

// The Toaster itself (sonner, ~9 KiB gzip) mounts only once the first toast is asked for: the
// layout reads this flag and toast() raises it.
const wanted = sharedValue(false)

export function requestToaster(): void {
  wanted.set(true)
}

/** Whether the layout should mount the Toaster (false on the server and while hydrating). */
export function useToasterWanted(): boolean {
  return useSharedValue(wanted, false)
}
