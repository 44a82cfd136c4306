// The database's announcements about sessions, for the verified-caller cache of this process:
// `NOTIFY rent_due_auth, 'session:<id>'` when a session ends and `'user:<id>'` when a user's
// app_metadata changes (triggers of migration 0013, so every replica hears every change, whoever
// made it). One connection of its own; when it drops, the cache is emptied (what was announced
// meanwhile is lost) and the listener reconnects, backing off up to 30 s. Until then the cache's
// short lifetime (verified-caller.ts) still bounds how late a revocation can be.
import pg from 'pg'
import type { VerifiedCallers } from './verified-caller.js'

export const SESSION_CHANNEL = 'rent_due_auth'
const MAX_BACKOFF_MS = 30_000

export interface SessionEvents {
  /** Resolves once the first LISTEN is in place (tests wait for it; the server need not). */
  readonly listening: Promise<void>
  close(): Promise<void>
}

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
  log: { warn(msg: string): void },
): SessionEvents {
  let client: pg.Client | undefined
  let closed = false
  let timer: NodeJS.Timeout | undefined
  let backoff = 500
  let firstListen = () => undefined as void
  const listening = new Promise<void>((resolve) => (firstListen = resolve))

  const retry = (why: string) => {
    if (closed || timer) return
    log.warn(`session listener ${why}: reconnecting`)
    callers.forgetSessions()
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, backoff)
    timer.unref()
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS)
  }

  async function connect() {
    const c = new pg.Client({ ...connection, application_name: 'rent-due session listener' })
    client = c
    c.on('notification', ({ channel, payload = '' }) => {
      if (channel !== SESSION_CHANNEL) return
      const [kind, id = ''] = payload.split(':', 2)
      if (kind === 'session') callers.sessionEnded(id)
      else if (kind === 'user') callers.userChanged(id)
    })
    c.on('error', () => undefined)
    c.on('end', () => {
      if (!closed && client === c) retry('lost its connection')
    })
    try {
      await c.connect()
      await c.query('listen rent_due_auth')
    } catch (e) {
      client = undefined
      await c.end().catch(() => undefined)
      retry(`could not connect (${(e as Error).message})`)
      return
    }
    if (closed) return void (await c.end().catch(() => undefined))
    backoff = 500
    // Whatever was announced before this LISTEN is unknown to the cache: start it afresh.
    callers.forgetSessions()
    firstListen()
  }

  void connect()
  return {
    listening,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await client?.end().catch(() => undefined)
    },
  }
}
