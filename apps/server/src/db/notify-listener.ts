// A connection of its own that LISTENs on one channel for what other processes (and the
// database's own triggers) announce. When the connection drops it reconnects, backing off up to
// 30 s, and then tells its subscriber: a NOTIFY sent while nobody listened is lost, so the
// subscriber must assume it missed one. Used for `pgrst` (schema-reload.ts) and
// `rentdue_content` (content-changes.ts) and `rent_due_auth` (caller/session-events.ts).
import pg from 'pg'

const MAX_BACKOFF_MS = 30_000

/** The channels we listen on, each with its (static) LISTEN statement. */
const LISTEN = {
  pgrst: 'listen pgrst',
  rentdue_content: 'listen rentdue_content',
  rent_due_auth: 'listen rent_due_auth',
} as const

export type Channel = keyof typeof LISTEN

export interface NotifyLog {
  warn(msg: string): void
}

export interface NotifyListener {
  /** Resolves once the first LISTEN is in place (tests wait for it; the server need not). */
  readonly listening: Promise<void>
  close(): Promise<void>
}

export interface NotifyHandlers {
  /** Every notification's payload. */
  onNotify(payload: string): void
  /** After every reconnect (not after the first connect). */
  onReconnect(): void
  /** As soon as the connection is lost, before any reconnect. */
  onDisconnect?(): void
}

export function listenForNotifications(
  connection: pg.ClientConfig,
  channel: Channel,
  handlers: NotifyHandlers,
  log: NotifyLog,
): NotifyListener {
  const name = `${channel} listener`
  let client: pg.Client | undefined
  let closed = false
  let timer: NodeJS.Timeout | undefined
  let backoff = 500
  let firstListen: () => void = () => undefined
  const listening = new Promise<void>((resolve) => (firstListen = resolve))

  const connect = async (reconnecting: boolean) => {
    const c = new pg.Client({ ...connection, application_name: `rent-due ${name}` })
    client = c
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.onNotify(n.payload ?? '')
    })
    c.on('error', () => undefined)
    c.on('end', () => {
      if (closed || client !== c) return
      log.warn(`the ${name} lost its connection: reconnecting`)
      handlers.onDisconnect?.()
      retry()
    })
    try {
      await c.connect()
      await c.query(LISTEN[channel])
    } catch (e) {
      await c.end().catch(() => undefined)
      if (!closed) {
        log.warn(`the ${name} could not connect (${(e as Error).message}): retrying`)
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
    if (reconnecting) handlers.onReconnect()
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
    listening,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await client?.end().catch(() => undefined)
    },
  }
}
