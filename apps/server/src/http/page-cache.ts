// The server's memory of rendered pages (docs/decisions/290): a bounded LRU (lru-cache) of entries
// keyed by which page a request is (its matched routes, not its path or query), each remembering
// what its render read. An entry is fresh for `freshMs`, then served stale (while one render
// replaces it) for up to `staleMs` more. A change to something an entry read (a NOTIFY from
// migration 0012's triggers, or a write through this process) marks it invalidated: it is then
// rendered again before it is served, and kept only as the answer of last resort while renders
// are refused or fail. Concurrent renders of one key are one render (single flight).
import { LRUCache } from 'lru-cache'

export interface PageCacheOptions {
  /** Entries kept (distinct pages; the key space is the route table, so this is a safety net). */
  maxEntries: number
  /** Bytes kept, over every entry's `size`. */
  maxBytes: number
  freshMs: number
  staleMs: number
  now?: () => number
}

export type EntryState = 'fresh' | 'stale' | 'invalidated'

export interface Lookup<V> {
  value: V
  state: EntryState
}

interface Entry<V> {
  value: V
  deps: ReadonlySet<string>
  storedAt: number
  invalidated: boolean
}

/** The invalidations remembered for renders still running (see `store`). */
const HISTORY = 256

export class PageCache<V extends { size: number }> {
  private readonly entries: LRUCache<string, Entry<V>>
  private readonly flights = new Map<string, { result: Promise<unknown>; epoch: number }>()
  private readonly now: () => number
  /** Counts invalidations; `recent` holds the last HISTORY of them, newest last. */
  private epoch = 0
  private recent: { epoch: number; dep: string }[] = []

  constructor(private readonly opts: PageCacheOptions) {
    this.now = opts.now ?? Date.now
    this.entries = new LRUCache<string, Entry<V>>({
      max: opts.maxEntries,
      maxSize: opts.maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.value.size),
    })
  }

  /** The entry for `key` and how usable it is; undefined once it is older than fresh + stale. */
  lookup(key: string): Lookup<V> | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    const age = this.now() - entry.storedAt
    if (age > this.opts.freshMs + this.opts.staleMs) {
      this.entries.delete(key)
      return undefined
    }
    const state = entry.invalidated ? 'invalidated' : age > this.opts.freshMs ? 'stale' : 'fresh'
    return { value: entry.value, state }
  }

  /** The value's render began at `since` (an `epoch()`): if what it read changed meanwhile, it is stored invalidated. */
  store(key: string, value: V, deps: ReadonlySet<string>, since: number): void {
    const invalidated = this.changedSince(since, deps)
    this.entries.set(key, { value, deps, storedAt: this.now(), invalidated })
  }

  /** A mark to hand to `store` when a render begins. */
  mark(): number {
    return this.epoch
  }

  /** Marks every entry that read `dep` (`*`: every entry) invalidated; returns how many. */
  invalidate(dep: string): number {
    this.epoch += 1
    this.recent.push({ epoch: this.epoch, dep })
    if (this.recent.length > HISTORY) this.recent = this.recent.slice(-HISTORY)
    let marked = 0
    for (const entry of this.entries.values()) {
      if (!entry.invalidated && affects(dep, entry.deps)) {
        entry.invalidated = true
        marked += 1
      }
    }
    return marked
  }

  /**
   * Runs `render` for `key` unless a render of it is already running, in which case its result
   * is shared: one render however many visitors ask at once. A render that began before an
   * invalidation is not shared with those who ask after it (it may show what was just changed):
   * they get a render of their own, which the next askers share.
   */
  async singleFlight<T>(key: string, render: () => Promise<T>): Promise<T> {
    const running = this.flights.get(key)
    if (running && running.epoch === this.epoch) return running.result as Promise<T>
    const flight = { result: Promise.resolve() as Promise<unknown>, epoch: this.epoch }
    const result = render().finally(() => {
      if (this.flights.get(key) === flight) this.flights.delete(key)
    })
    flight.result = result
    this.flights.set(key, flight)
    return result
  }

  /** Whether a render of `key` is running (its result can be awaited with singleFlight). */
  rendering(key: string): boolean {
    return this.flights.has(key)
  }

  get size(): number {
    return this.entries.size
  }

  private changedSince(since: number, deps: ReadonlySet<string>): boolean {
    if (since === this.epoch) return false
    const oldest = this.recent[0]
    // Older invalidations than we remember: assume one of them touched this page.
    if (!oldest || oldest.epoch > since + 1) return true
    return this.recent.some((r) => r.epoch > since && affects(r.dep, deps))
  }
}

function affects(dep: string, deps: ReadonlySet<string>): boolean {
  return dep === '*' || deps.has(dep) || deps.has('*')
}
