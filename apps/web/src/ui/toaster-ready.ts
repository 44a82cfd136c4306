// A handshake between the lazily loaded Toaster and the toast API: sonner drops toasts sent before
// its <Toaster> has mounted, so toast() waits for this.

let markReady: () => void = () => {}

export const toasterReady: Promise<void> = new Promise((resolve) => {
  markReady = resolve
})

export function markToasterReady(): void {
  markReady()
}

// The Toaster itself (sonner, ~9 KiB gzip) mounts only once the first toast is asked for: the
// layout subscribes to this flag (useSyncExternalStore) and toast() raises it.
let wanted = false
const listeners = new Set<() => void>()

export function requestToaster(): void {
  if (wanted) return
  wanted = true
  listeners.forEach((listener) => listener())
}

export function isToasterWanted(): boolean {
  return wanted
}

export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
