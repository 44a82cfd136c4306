// The database's announcements about sessions, for the verified-caller cache of this process:
// `NOTIFY rent_due_auth, 'session:<id>'` when a session ends and `'user:<id>'` when a user's
// app_metadata changes (triggers of migration 0013, so every replica hears every change, whoever
// made it). One connection of its own (db/notify-listener.ts); when it drops, the cache is
// emptied (what was announced meanwhile is lost) and the listener reconnects, backing off up to
// 30 s. Until then the cache's short lifetime (verified-caller.ts) still bounds how late a
// revocation can be.
import type pg from 'pg'
import {
  listenForNotifications,
  type NotifyListener,
  type NotifyLog,
} from '../db/notify-listener.js'
import type { VerifiedCallers } from './verified-caller.js'

export const SESSION_CHANNEL = 'rent_due_auth'

/** Asks auth.session_app_metadata() (migration 0013) as the API login role. */
export function databaseSessions(pool: pg.Pool) {
  return async (sessionId: string, userId: string) => {
    const { rows } = await pool.query<{ app_metadata: Record<string, unknown> | null }>(
      'select auth.session_app_metadata($1::uuid, $2::uuid) as app_metadata',
      [sessionId, userId],
    )
    return rows[0]?.app_metadata ?? null
  }
}

export function listenForSessionEvents(
  connection: pg.ClientConfig,
  callers: Pick<VerifiedCallers, 'sessionEnded' | 'userChanged' | 'forgetSessions'>,
  log: NotifyLog,
): NotifyListener {
  // Whatever was announced while nobody listened is unknown to the cache: start it afresh.
  const forget = () => callers.forgetSessions()
  const listener = listenForNotifications(
    connection,
    SESSION_CHANNEL,
    {
      onNotify: (payload) => {
        const [kind, id = ''] = payload.split(':', 2)
        if (kind === 'session') callers.sessionEnded(id)
        else if (kind === 'user') callers.userChanged(id)
      },
      onReconnect: forget,
      onDisconnect: forget,
    },
    log,
  )
  void listener.listening.then(forget)
  return listener
}
