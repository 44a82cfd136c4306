// How many page renders run at once (docs/decisions/291). A render is React on this process's one
// event loop plus a handful of database reads, so at most `concurrency` run together and at most
// `queue` more wait, each no longer than `waitMs`; beyond that the site is busy (503). One address
// may have at most `perClient` renders running or waiting (429), so one visitor asking for page
// after page that is not in the cache cannot fill the queue for everyone. Cache hits never come
// here.

export interface RenderGateOptions {
  concurrency: number
  queue: number
  perClient: number
  waitMs: number
}

/** Why a render was not started: the site's renders are all taken, or this address's. */
export class RenderRefused extends Error {
  readonly retryAfterSeconds: number
  constructor(readonly reason: 'busy' | 'client') {
    super(
      reason === 'busy'
        ? 'every page render is taken'
        : 'too many page renders for one address at once',
    )
    this.retryAfterSeconds = reason === 'busy' ? 2 : 1
  }
}

interface Waiter {
  start: () => void
  timer: NodeJS.Timeout
}

export class RenderGate {
  private running = 0
  private readonly waiting: Waiter[] = []
  private readonly perClient = new Map<string, number>()

  constructor(private readonly opts: RenderGateOptions) {}

  /**
   * Runs `render` once a place is free. `client` is the address the render is for (undefined for
   * the site's own background renders, which only the global limits bound).
   */
  async run<T>(client: string | undefined, render: () => Promise<T>): Promise<T> {
    if (client !== undefined && (this.perClient.get(client) ?? 0) >= this.opts.perClient) {
      throw new RenderRefused('client')
    }
    if (this.running >= this.opts.concurrency && this.waiting.length >= this.opts.queue) {
      throw new RenderRefused('busy')
    }
    if (client !== undefined) this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1)
    try {
      await this.place()
      try {
        return await render()
      } finally {
        this.leave()
      }
    } finally {
      if (client !== undefined) {
        const n = (this.perClient.get(client) ?? 1) - 1
        if (n <= 0) this.perClient.delete(client)
        else this.perClient.set(client, n)
      }
    }
  }

  /** Whether a render for no one in particular could start without waiting. */
  get idle(): boolean {
    return this.running < this.opts.concurrency
  }

  private place(): Promise<void> {
    if (this.running < this.opts.concurrency) {
      this.running += 1
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer)
          resolve()
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter)
          if (at >= 0) this.waiting.splice(at, 1)
          reject(new RenderRefused('busy'))
        }, this.opts.waitMs),
      }
      this.waiting.push(waiter)
    })
  }

  /** Hands the place to the next waiter, or frees it. */
  private leave(): void {
    const next = this.waiting.shift()
    if (next) next.start()
    else this.running -= 1
  }
}
