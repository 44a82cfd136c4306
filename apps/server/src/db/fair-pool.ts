// A fair share of the database for every visitor. The API's connections are split in two lanes,
// each its own pg pool: REST (the part any visitor can load with arbitrary queries) and a
// reserved core lane for auth, storage, /healthz and the page HTML, so those keep answering while
// REST is busy. On both lanes one client (one address; an IPv6 client by its /64) holds at most
// `perClient` connections at a time and may queue `queuePerClient` more requests; beyond that it
// gets 429 with Retry-After. Waiting for a free connection ends in 503 with Retry-After, never 500.
//
// The client of the current request comes from an AsyncLocalStorage store that app.ts enters for
// every API request, so the REST engine, storage and auth keep calling `pool.connect()` as before.
//
// A page render's own reads (http/page-reads.ts) are the site's, not the visitor's: both lanes hand
// them to a third pool of their own (pools.ts `pageReads`), with its own few connections and a short
// wait, so a visitor's share never decides what a page shows, and no flood of REST requests starves
// the pages.
import { AsyncLocalStorage } from 'node:async_hooks'
import pg, { type PoolClient, type PoolConfig } from 'pg'

export interface RequestClient {
  /** The limit key (http/client-address.ts clientKey). */
  key: string
  /** The service role (operators, tests) is not capped per client. */
  exempt: boolean
  /** A page render's own read: served by the page-read pool, not from anyone's share. */
  pageRead?: boolean
}

/** The client of the API request being served; app.ts runs each API request inside it. */
export const requestClient = new AsyncLocalStorage<RequestClient>()

export interface FairnessOptions {
  /** Connections one client may hold at once in a lane. */
  perClient: number
  /** Further requests of one client that may wait for one of those. */
  queuePerClient: number
  /** How long a request may wait for a connection before 503. */
  acquireTimeoutMs: number
}

export const DEFAULT_FAIRNESS: FairnessOptions = {
  perClient: 4,
  queuePerClient: 32,
  acquireTimeoutMs: 3000,
}

/** 429: this client already has its share of connections and of waiting places. */
export class ClientBusyError extends Error {
  readonly retryAfterSeconds = 1
  constructor(readonly perClient: number) {
    super('Too many concurrent requests from one address')
  }
}

/** 503: no connection came free in time (the database is saturated); clients retry. */
export class DatabaseBusyError extends Error {
  readonly retryAfterSeconds = 1
  constructor() {
    super('The database is busy')
  }
}

interface Waiter {
  grant: () => void
  timer: NodeJS.Timeout
}

/** Per-client counting semaphore with a bounded queue per client. */
class ClientSlots {
  private readonly active = new Map<string, number>()
  private readonly queues = new Map<string, Waiter[]>()

  constructor(public opts: FairnessOptions) {}

  acquire(key: string): Promise<void> | undefined {
    const n = this.active.get(key) ?? 0
    if (n < this.opts.perClient) {
      this.active.set(key, n + 1)
      return undefined
    }
    const queue = this.queues.get(key) ?? []
    if (queue.length >= this.opts.queuePerClient) throw new ClientBusyError(this.opts.perClient)
    this.queues.set(key, queue)
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer)
          resolve()
        },
        timer: setTimeout(() => {
          const q = this.queues.get(key)
          const at = q?.indexOf(waiter) ?? -1
          if (q && at >= 0) q.splice(at, 1)
          if (q?.length === 0) this.queues.delete(key)
          reject(new ClientBusyError(this.opts.perClient))
        }, this.opts.acquireTimeoutMs),
      }
      queue.push(waiter)
    })
  }

  /** Hands the slot to the client's next waiter, or frees it. */
  release(key: string): void {
    const queue = this.queues.get(key)
    const next = queue?.shift()
    if (queue?.length === 0) this.queues.delete(key)
    if (next) {
      next.grant()
      return
    }
    const n = (this.active.get(key) ?? 1) - 1
    if (n <= 0) this.active.delete(key)
    else this.active.set(key, n)
  }

  /** Clients holding or waiting for a slot (for tests and metrics). */
  get clients(): number {
    return this.active.size
  }
}

/** pg-pool's wording when its own queue timed out (connectionTimeoutMillis on checkout). */
const POOL_QUEUE_TIMEOUT = 'timeout exceeded when trying to connect'

/** A checkout from `pool`, its queue's timeout as the 503 every API maps (DatabaseBusyError). */
async function connectOrBusy(
  pool: pg.Pool,
  connect: () => Promise<PoolClient> = () => pool.connect(),
): Promise<PoolClient> {
  try {
    return await connect()
  } catch (e) {
    if (e instanceof Error && e.message === POOL_QUEUE_TIMEOUT) throw new DatabaseBusyError()
    throw e
  }
}

type ConnectCallback = (err: Error | undefined, client?: PoolClient, done?: () => void) => void

/**
 * A pg pool whose checkouts take a per-client slot first. `query()` goes through `connect()` in
 * pg-pool, so it is capped too.
 */
export class FairPool extends pg.Pool {
  private readonly slots: ClientSlots
  /** Where a page render's reads go (pools.ts); without it they take a share like any client's. */
  pageReads: pg.Pool | undefined

  constructor(config: PoolConfig, fairness: FairnessOptions = DEFAULT_FAIRNESS) {
    super({ ...config, connectionTimeoutMillis: fairness.acquireTimeoutMs })
    this.slots = new ClientSlots(fairness)
  }

  /** The server's configured shares (app.ts), applied to new checkouts. */
  setFairness(fairness: FairnessOptions): void {
    this.slots.opts = fairness
    this.options.connectionTimeoutMillis = fairness.acquireTimeoutMs
  }

  override connect(): Promise<PoolClient>
  override connect(callback: ConnectCallback): void
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    const result = this.fairConnect()
    if (!callback) return result
    result.then(
      (client) => callback(undefined, client, () => client.release()),
      (err: Error) => callback(err),
    )
  }

  private async fairConnect(): Promise<PoolClient> {
    const who = requestClient.getStore()
    if (who?.pageRead && this.pageReads) return connectOrBusy(this.pageReads)
    const key = who && !who.exempt ? who.key : undefined
    if (key !== undefined) await this.slots.acquire(key)
    let client: PoolClient
    try {
      client = await connectOrBusy(this, () => super.connect())
    } catch (e) {
      if (key !== undefined) this.slots.release(key)
      throw e
    }
    if (key === undefined) return client
    // pg-pool gives every checkout a fresh release(); wrap this one to free the slot as well.
    const poolRelease = client.release.bind(client)
    let released = false
    client.release = (err?: Error | boolean) => {
      if (!released) {
        released = true
        this.slots.release(key)
      }
      poolRelease(err)
    }
    return client
  }

  /** Clients currently holding or waiting for connections in this lane. */
  get clientsHolding(): number {
    return this.slots.clients
  }
}
