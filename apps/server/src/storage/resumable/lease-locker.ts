// @tus/server's Locker over the uploads book's lease (uploads-book.ts): one request at a time
// writes to an upload, whichever server process it reached. No database connection is held while
// bytes flow: the holder renews a short lease every few seconds; a request that finds the lease
// taken marks it "asked for", and the holder, seeing the mark at its next renewal, lets go (tus
// then ends its request a moment later). A process that dies holding a lease holds it only until
// the lease runs out. A resumed client therefore waits at most a renewal plus tus' drain time.
import crypto from 'node:crypto'
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server'
import type { UploadsBook } from './uploads-book.js'

export interface LeaseTimes {
  /** How long a lease lasts without renewal. */
  leaseMs: number
  /** How often the holder renews (and looks for a request to let go). */
  renewMs: number
  /** How long a request waits for the lease before it gives up (423 for the client). */
  acquireTimeoutMs: number
}

export const DEFAULT_LEASE_TIMES: LeaseTimes = {
  leaseMs: 10_000,
  renewMs: 1_000,
  acquireTimeoutMs: 20_000,
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })

export class LeaseLocker implements Locker {
  constructor(
    private readonly book: UploadsBook,
    /** The upload's version from the store key tus names it by. */
    private readonly versionOf: (id: string) => string,
    private readonly times: LeaseTimes = DEFAULT_LEASE_TIMES,
  ) {}

  newLock(id: string): Lock {
    return new LeaseLock(this.book, this.versionOf(id), this.times)
  }
}

class LeaseLock implements Lock {
  private readonly token = crypto.randomUUID()
  private renewal: NodeJS.Timeout | undefined

  constructor(
    private readonly book: UploadsBook,
    private readonly version: string,
    private readonly times: LeaseTimes,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.times.acquireTimeoutMs
    let wait = 50
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT
      const state = await this.book.lease(this.version, this.token, this.times.leaseMs)
      if (state === 'taken') break
      if (state === 'missing') throw ERRORS.FILE_NOT_FOUND
      if (Date.now() + wait > deadline) throw ERRORS.ERR_LOCK_TIMEOUT
      await sleep(wait, signal)
      wait = Math.min(wait * 2, 400)
    }
    let asked = false
    this.renewal = setInterval(() => {
      this.book.renew(this.version, this.token, this.times.leaseMs).then(
        (r) => {
          if (r.asked && !asked) {
            asked = true
            void requestRelease()
          }
        },
        // A failed renewal is retried at the next tick; the lease outlives a few of them.
        () => undefined,
      )
    }, this.times.renewMs)
    this.renewal.unref()
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal)
    this.renewal = undefined
    await this.book.release(this.version, this.token).catch(() => undefined)
  }
}
