// PostgREST's schema cache reload, for several server processes on one database: each listens on
// the channel `pgrst` and drops its cached catalog on `NOTIFY pgrst, 'reload schema'` (or an
// empty payload, which PostgREST reads as "reload everything"). The migrations runner sends it
// after applying migrations, and so can an operator after changing the schema by hand. The
// listener holds one connection of its own; when that connection drops it reconnects (backing
// off up to 30 s) and reloads once more, since a NOTIFY sent meanwhile was lost.
import pg from 'pg'

export const RELOAD_CHANNEL = 'pgrst'
const RELOAD_PAYLOADS = new Set(['', 'reload schema'])
const MAX_BACKOFF_MS = 30_000

export interface SchemaReloadLog {
  info(msg: string): void
  warn(msg: string): void
}

export interface SchemaReloadListener {
  /** Calls `fn` on every reload request (and after each reconnect). */
  onReload(fn: () => void): void
  /** Resolves once the first LISTEN is in place (tests wait for it; the server need not). */
  readonly listening: Promise<void>
  close(): Promise<void>
}

export function listenForSchemaReload(
  connection: pg.ClientConfig,
  log: SchemaReloadLog,
): SchemaReloadListener {
  const handlers: (() => void)[] = []
  const reload = () => handlers.forEach((fn) => fn())
  let client: pg.Client | undefined
  let closed = false
  let timer: NodeJS.Timeout | undefined
  let backoff = 500
  let firstListen: () => void = () => undefined
  const listening = new Promise<void>((resolve) => (firstListen = resolve))

  const connect = async (reconnecting: boolean) => {
    const c = new pg.Client({ ...connection, application_name: 'rent-due schema listener' })
    client = c
    c.on('notification', (n) => {
      if (n.channel === RELOAD_CHANNEL && RELOAD_PAYLOADS.has(n.payload ?? '')) reload()
    })
    c.on('error', () => undefined)
    c.on('end', () => {
      if (closed || client !== c) return
      log.warn('schema listener lost its connection: reconnecting')
      retry()
    })
    try {
      await c.connect()
      await c.query('listen pgrst')
    } catch (e) {
      await c.end().catch(() => undefined)
      if (!closed) {
        log.warn(`schema listener could not connect (${(e as Error).message}): retrying`)
        retry()
      }
      return
    }
    if (closed) {
      await c.end().catch(() => undefined)
      return
    }
    backoff = 500
    firstListen()
    if (reconnecting) reload()
  }

  const retry = () => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect(true)
    }, backoff)
    timer.unref()
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS)
  }

  void connect(false)
  return {
    onReload: (fn) => void handlers.push(fn),
    listening,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await client?.end().catch(() => undefined)
    },
  }
}

/** What the migrations runner (or an operator) sends so every server re-reads the catalog. */
export async function notifySchemaReload(db: pg.Pool | pg.PoolClient): Promise<void> {
  await db.query(`select pg_notify($1, 'reload schema')`, [RELOAD_CHANNEL])
}
