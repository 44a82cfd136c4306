// What a route loader hands a page for one read: the data, or why it is missing. A read that
// fails never fails the page: the page shows the spec's text for that failure where the data
// would be, or, while the backend answers 503 (its database is briefly down), a friendly
// "back in a moment" that goes away by itself once a read succeeds again (BackInAMoment). A
// failure is never shown as an empty list.

export type ReadResult<T> =
  | { status: 'ready'; data: T }
  | { status: 'unavailable' }
  | {
      status: 'failed'
      /**
       * It failed while the server rendered the page, where nothing is retried: the browser tries
       * again (with its own retries) once the page runs there (lib/use-retry-in-browser.ts).
       */
      retryInBrowser?: boolean
    }

/** A read failing now is retried by the browser later: only when it failed on the server. */
export const FAILED_ON_SERVER = import.meta.env.SSR

/** A read that failed, with the HTTP status it failed with (0: no answer at all). */
export class ReadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'ReadError'
  }
}

/**
 * The backend said it is briefly unavailable (503: its database is down for a moment). Any other
 * failure, no answer at all included, keeps the spec's text for it.
 */
export function isUnavailable(error: unknown): boolean {
  return error instanceof ReadError && error.status === 503
}

/** Runs a read for a loader: the data, or 'unavailable' / 'failed' (logged as `what` failed). */
export async function settle<T>(what: string, read: () => Promise<T>): Promise<ReadResult<T>> {
  try {
    return { status: 'ready', data: await read() }
  } catch (error) {
    console.error(`Loading ${what} failed`, error)
    if (isUnavailable(error)) return { status: 'unavailable' }
    return FAILED_ON_SERVER ? { status: 'failed', retryInBrowser: true } : { status: 'failed' }
  }
}

/** Whether any of a loader's results is waiting for the backend to come back. */
export function anyUnavailable(results: readonly ReadResult<unknown>[]): boolean {
  return results.some((r) => r.status === 'unavailable')
}
