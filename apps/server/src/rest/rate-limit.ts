// Per-IP, per-table limit on public inserts into the sign-up tables: a fixed one-minute window per
// (table, address). In memory: with several server processes each holds its own windows, which
// only makes the limit looser by the number of processes (recorded in docs/decisions).
export const RATE_LIMITED_TABLES: ReadonlySet<string> = new Set([
  'fan_club_signups',
  'contact_submissions',
  'audience_signups',
  'team_applications',
  'merch_waitlist',
])

const WINDOW_MS = 60_000

interface Window {
  start: number
  count: number
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export class InsertRateLimiter {
  private readonly windows = new Map<string, Window>()
  private lastSweep = 0

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(table: string, ip: string): RateDecision {
    const t = this.now()
    this.sweep(t)
    const key = `${table}\u0000${ip}`
    let w = this.windows.get(key)
    if (!w || t - w.start >= WINDOW_MS) {
      w = { start: t, count: 0 }
      this.windows.set(key, w)
    }
    if (w.count >= this.perMinute) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((w.start + WINDOW_MS - t) / 1000)),
      }
    }
    w.count++
    return { allowed: true }
  }

  /** Drops expired windows at most once a minute so the map cannot grow without bound. */
  private sweep(t: number): void {
    if (t - this.lastSweep < WINDOW_MS) return
    this.lastSweep = t
    for (const [key, w] of this.windows) {
      if (t - w.start >= WINDOW_MS) this.windows.delete(key)
    }
  }
}
