// Per-IP limit on sign-ups and password sign-ins together, as Supabase counts them (30 per 5
// minutes by default): a fixed window per address, in memory (per server process).
const WINDOW_MS = 5 * 60_000

interface Window {
  start: number
  count: number
}

export class AuthRateLimiter {
  private readonly windows = new Map<string, Window>()
  private lastSweep = 0

  constructor(
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; false when the address is over its limit for this window. */
  hit(ip: string): boolean {
    const t = this.now()
    if (t - this.lastSweep >= WINDOW_MS) {
      this.lastSweep = t
      for (const [key, w] of this.windows) if (t - w.start >= WINDOW_MS) this.windows.delete(key)
    }
    let w = this.windows.get(ip)
    if (!w || t - w.start >= WINDOW_MS) {
      w = { start: t, count: 0 }
      this.windows.set(ip, w)
    }
    if (w.count >= this.limit) return false
    w.count++
    return true
  }
}
