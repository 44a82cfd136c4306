// PostgREST's schema cache reload, for several server processes on one database: each listens on
// the channel `pgrst` (notify-listener.ts) and drops its cached catalog on `NOTIFY pgrst, 'reload
// schema'` (or an empty payload, which PostgREST reads as "reload everything"). The migrations
// runner sends it after applying migrations, and so can an operator after changing the schema by
// hand. After the listener reconnects it reloads once more, since a NOTIFY sent meanwhile was lost.
import type pg from 'pg'
import type { NotifyListener } from './notify-listener.js'

export const RELOAD_CHANNEL = 'pgrst'
const RELOAD_PAYLOADS = new Set(['', 'reload schema'])

/** Subscribes `fn` to every reload request (and to every reconnect of the listener). */
export function onSchemaReload(listener: NotifyListener, fn: () => void): void {
  listener.on(RELOAD_CHANNEL, (payload) => {
    if (RELOAD_PAYLOADS.has(payload)) fn()
  })
  listener.onReconnect(fn)
}

/** What the migrations runner (or an operator) sends so every server re-reads the catalog. */
export async function notifySchemaReload(db: pg.Pool | pg.PoolClient): Promise<void> {
  await db.query(`select pg_notify($1, 'reload schema')`, [RELOAD_CHANNEL])
}
