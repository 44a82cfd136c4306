// What the database says changed among the things public pages show: migration 0012's statement
// triggers send `NOTIFY rentdue_content, '<schema>.<table>'`, and an operator can send an empty
// payload for "everything" (after changing grants or policies by hand). Each server process
// listens on a connection of its own (notify-listener.ts) and hands each change to its render
// cache (http/page-cache.ts); after a reconnect it reports everything as changed, since a
// notification may have been missed meanwhile.
import type pg from 'pg'
import { listenForNotifications, type NotifyListener, type NotifyLog } from './notify-listener.js'

export const CONTENT_CHANNEL = 'rentdue_content'

/** Everything a page can show: what a reconnect, or an empty payload, reports. */
export const EVERYTHING = '*'

/** `fn` gets each change as `schema.table`, or EVERYTHING. */
export function listenForContentChanges(
  connection: pg.ClientConfig,
  fn: (changed: string) => void,
  log: NotifyLog,
): NotifyListener {
  return listenForNotifications(
    connection,
    CONTENT_CHANNEL,
    {
      onNotify: (payload) => fn(payload === '' ? EVERYTHING : payload),
      onReconnect: () => fn(EVERYTHING),
    },
    log,
  )
}
