// A global cap on the statements a visitor can make slow. A pattern filter (match, imatch, like,
// ilike, full-text search) costs work on every row it looks at, and its price is the visitor's
// to choose; the per-address share of the pool (db/fair-pool.ts) cannot stop a few addresses
// from filling the REST lane with them. So on each lane at most a quarter of the connections run
// a statement with a pattern filter at once; a few more such requests wait for a turn, and
// beyond that, or after waiting WAIT_MS, the answer is 503 with Retry-After. Every other
// statement never waits here: pages and plain reads keep the rest of the lane.
import type { Pool } from 'pg'
import type { FilterNode } from './query-params.js'
import { RestError } from './rest-error.js'

const PATTERN_OPS = new Set(['match', 'imatch', 'like', 'ilike', 'fts', 'plfts', 'phfts', 'wfts'])
const WAIT_MS = 1000

/** Whether any condition of these filter trees is a pattern filter (walked without recursion). */
export function hasPatternFilter(filters: readonly FilterNode[]): boolean {
  const stack = [...filters]
  while (stack.length > 0) {
    const node = stack.pop() as FilterNode
    if (node.kind === 'logic') stack.push(...node.children)
    else if (PATTERN_OPS.has(node.op)) return true
  }
  return false
}

class PatternGate {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(readonly slots: number) {}

  private busy(): RestError {
    return new RestError(
      503,
      'PGRST003',
      'Too many pattern filters are running; try again shortly.',
      `At most ${this.slots} statements with match, imatch, like, ilike or full-text filters run at once.`,
      null,
      { 'retry-after': '1' },
    )
  }

  private async acquire(): Promise<void> {
    if (this.running < this.slots) {
      this.running++
      return
    }
    if (this.waiting.length >= this.slots * 2) throw this.busy()
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(turn)
        if (at >= 0) this.waiting.splice(at, 1)
        reject(this.busy())
      }, WAIT_MS)
      this.waiting.push(turn)
    })
  }

  private release(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.running--
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire()
    try {
      return await fn()
    } finally {
      this.release()
    }
  }
}

const gates = new WeakMap<Pool, PatternGate>()

/** The gate of a lane: a quarter of its connections, at least one. */
export function patternGate(pool: Pool): PatternGate {
  let gate = gates.get(pool)
  if (!gate) {
    gate = new PatternGate(Math.max(1, Math.floor((pool.options.max ?? 10) / 4)))
    gates.set(pool, gate)
  }
  return gate
}
