// A handshake between the lazily loaded Toaster and the toast API: sonner drops toasts sent before
// its <Toaster> has mounted, so toast() waits for this.

let markReady: () => void = () => {}

export const toasterReady: Promise<void> = new Promise((resolve) => {
  markReady = resolve
})

export function markToasterReady(): void {
  markReady()
}
