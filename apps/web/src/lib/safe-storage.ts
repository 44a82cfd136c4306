// localStorage that never throws. Private modes and some webviews throw on any access; the site
// must keep working there, it just forgets between page loads.

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

/** Returns false when the value could not be stored. */
export function writeStored(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value)
    return true
  } catch {
    return false
  }
}
