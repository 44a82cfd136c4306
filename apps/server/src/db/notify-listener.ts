// One connection per server process that LISTENs for what other processes (and the database's
// own triggers) announce: `pgrst` (reload the schema cache, schema-reload.ts) and
// `rentdue_content` (a table a public page shows has changed, migration 0012). When the
// connection drops it reconnects, backing off up to 30 s, and tells every subscriber that it
// reconnected: a NOTIFY sent while nobody listened is lost, so each must assume it missed one.
import pg from 'pg'

const MAX_BACKOFF_MS = 30_000

export interface NotifyLog {
  info(msg: string): void
  warn(msg: string): void
}

export interface NotifyListener {
  /** Calls `fn` with the payload of every notification on `channel`. */
  on(channel: Channel, fn: (payload: string) => void): void
  /** Calls `fn` after every reconnect (not after the first connect). */
  onReconnect(fn: () => void): void
  /** Resolves once the first LISTEN is in place (tests wait for it; the server need not). */
  readonly listening: Promise<void>
  close(): Promise<void>
}

/** The channels every process listens on, each with its (static) LISTEN statement. */
const LISTEN = {
  pgrst: 'listen pgrst',
  rentdue_content: 'listen rentdue_content',
} as const

export type Channel = keyof typeof LISTEN

export function listenForNotifications(
  connection: pg.ClientConfig,
  log: NotifyLog,
): NotifyListener {
  const handlers = new Map<string, ((payload: string) => void)[]>()
  const reconnected: (() => void)[] = []
  let client: pg.Client | undefined
  let closed = false
  let timer: NodeJS.Timeout | undefined
  let backoff = 500
  let firstListen: () => void = () => undefined
  const listening = new Promise<void>((resolve) => (firstListen = resolve))

  const connect = async (reconnecting: boolean) => {
    const c = new pg.Client({ ...connection, application_name: 'rent-due listener' })
    client = c
    c.on('notification', (n) => {
      for (const fn of handlers.get(n.channel) ?? []) fn(n.payload ?? '')
    })
    c.on('error', () => undefined)
    c.on('end', () => {
      if (closed || client !== c) return
      log.warn('the notification listener lost its connection: reconnecting')
      retry()
    })
    try {
      await c.connect()
      for (const statement of Object.values(LISTEN)) await c.query(statement)
    } catch (e) {
      await c.end().catch(() => undefined)
      if (!closed) {
        log.warn(`the notification listener could not connect (${(e as Error).message}): retrying`)
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
    if (reconnecting) reconnected.forEach((fn) => fn())
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
    on(channel, fn) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), fn])
    },
    onReconnect: (fn) => void reconnected.push(fn),
    listening,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await client?.end().catch(() => undefined)
    },
  }
}
