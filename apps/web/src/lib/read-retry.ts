// Reads retry up to 3 times with backoff (docs/product/errors.md#retries). supabase-js
// already does this for table reads (GET on 503/520 or no answer: 1 s, 2 s, 4 s, or what
// Retry-After says); storage lists have no retries of their own and go through retryRead. On the
// server nothing is retried: a page must not wait seconds for a backend that is down, it renders
// its "back in a moment" state and the browser tries again.
import { ReadError } from './read-result'

export const MAX_READ_RETRIES = 3

/** Whether reads retry here: in the browser, not while rendering on the server. */
export const RETRY_READS = !import.meta.env.SSR

/** 1 s, 2 s, 4 s: supabase-js's own backoff for table reads. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000)
}

function transient(error: unknown): boolean {
  return error instanceof ReadError && [0, 503, 520].includes(error.status)
}

export async function retryRead<T>(
  read: () => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read()
    } catch (error) {
      if (!RETRY_READS || attempt >= MAX_READ_RETRIES || !transient(error)) throw error
      await wait(retryDelay(attempt))
    }
  }
}

/** A storage-js error as a ReadError: its HTTP status, or 0 when the request never got one. */
export function storageReadError(what: string, error: unknown): ReadError {
  const status =
    typeof error === 'object' && error !== null && 'status' in error
      ? Number((error as { status: unknown }).status) || 0
      : 0
  return new ReadError(`${what}: ${String((error as Error)?.message ?? error)}`, status, {
    cause: error,
  })
}
