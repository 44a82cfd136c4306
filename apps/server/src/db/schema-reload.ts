// PostgREST's schema cache reload, for several server processes on one database: each listens on
// the channel `pgrst` and drops its cached catalog on `NOTIFY pgrst, 'reload schema'` (or an
// empty payload, which PostgREST reads as "reload everything"). The migrations runner sends it
// after applying migrations, and so can an operator after changing the schema by hand. The
// listener holds one connection of its own (notify-listener.ts); when that connection drops it
// reconnects and reloads once more, since a NOTIFY sent meanwhile was lost.
import type pg from 'pg'
import { listenForNotifications, type NotifyLog } from './notify-listener.js'

export const RELOAD_CHANNEL = 'pgrst'
const RELOAD_PAYLOADS = new Set(['', 'reload schema'])

export interface SchemaReloadListener {
  /** Calls `fn` on every reload request (and after each reconnect). */
  onReload(fn: () => void): void
  /** Resolves once the first LISTEN is in place (tests wait for it; the server need not). */
  readonly listening: Promise<void>
  close(): Promise<void>
}

export function listenForSchemaReload(
  connection: pg.ClientConfig,
  log: NotifyLog,
): SchemaReloadListener {
  const handlers: (() => void)[] = []
  const reload = () => handlers.forEach((fn) => fn())
  const listener = listenForNotifications(
    connection,
    RELOAD_CHANNEL,
    {
      onNotify: (payload) => {
        if (RELOAD_PAYLOADS.has(payload)) reload()
      },
      onReconnect: reload,
    },
    log,
  )
  return {
    onReload: (fn) => void handlers.push(fn),
    listening: listener.listening,
    close: () => listener.close(),
  }
}

/** What the migrations runner (or an operator) sends so every server re-reads the catalog. */
export async function notifySchemaReload(db: pg.Pool | pg.PoolClient): Promise<void> {
  await db.query(`select pg_notify($1, 'reload schema')`, [RELOAD_CHANNEL])
}
