// A value kept outside React that components read and re-render on: the layout state one part of
// the page sets and others follow (play mode, the radio bar's room).
import { useSyncExternalStore } from 'react'

export type SharedValue<T> = {
  get: () => T
  /** Stores the value and tells every reader; nothing happens when it is unchanged. */
  set: (value: T) => void
  subscribe: (listener: () => void) => () => void
}

export function sharedValue<T>(initial: T): SharedValue<T> {
  let current = initial
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    set: (value) => {
      if (Object.is(value, current)) return
      current = value
      listeners.forEach((listener) => listener())
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** The value in a component; `serverValue` on the server and while the page hydrates. */
export function useSharedValue<T>(shared: SharedValue<T>, serverValue: T): T {
  return useSyncExternalStore(shared.subscribe, shared.get, () => serverValue)
}
