// Logs that survive a flood (docs/decisions/292): the first of a kind of line is written as it
// comes, the same line again within the minute is only counted, and at the end of the minute one
// line says how many more there were. A flood of identical failures then costs two lines a minute,
// not one per request. Kinds are keyed by their message; past `maxKinds` distinct kinds in a
// minute the rest are counted together, so varied messages cannot grow the table either.
import type { FastifyBaseLogger } from 'fastify'

export type SummaryLevel = 'debug' | 'info' | 'warn' | 'error'

export interface LogSummaryOptions {
  windowMs?: number
  maxKinds?: number
}

interface Kind {
  level: SummaryLevel
  msg: string
  repeats: number
}

const OVERFLOW = 'other log lines of this minute'

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50 }

export class LogSummary {
  private kinds = new Map<string, Kind>()
  private timer: NodeJS.Timeout | undefined
  private readonly windowMs: number
  private readonly maxKinds: number

  constructor(
    private readonly log: FastifyBaseLogger,
    opts: LogSummaryOptions = {},
  ) {
    this.windowMs = opts.windowMs ?? 60_000
    this.maxKinds = opts.maxKinds ?? 200
  }

  /** Writes `msg` (with `fields`) unless the same message was written in this window. */
  note(level: SummaryLevel, msg: string, fields: Record<string, unknown> = {}): void {
    // Below the logger's level nothing is written, and nothing need be counted.
    if ((LEVELS[level] ?? 0) < (LEVELS[this.log.level] ?? 0)) return
    const known = this.kinds.get(msg)
    if (known) {
      known.repeats += 1
      return
    }
    if (this.kinds.size >= this.maxKinds) {
      const other = this.kinds.get(OVERFLOW)
      if (other) other.repeats += 1
      else this.kinds.set(OVERFLOW, { level: 'warn', msg: OVERFLOW, repeats: 1 })
      return
    }
    this.kinds.set(msg, { level, msg, repeats: 0 })
    this.log[level](fields, msg)
    this.timer ??= setTimeout(() => this.flush(), this.windowMs).unref()
  }

  /** Writes the counts of this window and starts a new one. */
  flush(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    const kinds = this.kinds
    this.kinds = new Map()
    for (const kind of kinds.values()) {
      if (kind.repeats === 0) continue
      this.log[kind.level](
        { repeats: kind.repeats },
        `${kind.msg} (${kind.repeats} more in the last ${Math.round(this.windowMs / 1000)} s)`,
      )
    }
  }
}
