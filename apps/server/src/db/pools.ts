// The two connection pools. The admin pool (cluster superuser or the DATABASE_URL user) serves
// migrations, seed and operator scripts only; every API request goes through the API pool, which
// logs in as `authenticator` (NOINHERIT, member of anon/authenticated/service_role) and switches
// role per transaction (request-tx.ts), so no API path ever holds a superuser connection.
import pg from 'pg'
import { DEFAULT_FAIRNESS, FairPool, type FairnessOptions } from './fair-pool.js'

export const MIN_SERVER_VERSION_NUM = 150000

export class DatabaseVersionError extends Error {}

export function createAdminPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    application_name: 'rent-due admin',
    connectionTimeoutMillis: 10_000,
  })
  // A client losing its server must not crash the process, idle or checked out (between two
  // queries of a request); the next query reports it, and the pool drops the broken client.
  keepClientErrorsQuiet(pool)
  return pool
}

/** The same server and database as `adminUrl`, logging in as authenticator. */
export function authenticatorUrl(adminUrl: string, password: string): string {
  const url = new URL(adminUrl)
  url.username = 'authenticator'
  url.password = password
  return url.toString()
}

/** The page renders' own reads (fair-pool.ts): a few connections, and a short wait for one. */
export interface PageReadOptions {
  connections: number
  acquireTimeoutMs: number
}

export const DEFAULT_PAGE_READS: PageReadOptions = { connections: 3, acquireTimeoutMs: 1000 }

/**
 * The API's connections: the REST lane (this pool) and its reserved core lane (`core`: auth,
 * storage, /healthz), a quarter of `max` and at least 2, so a flood of REST requests never
 * starves the rest of the site. Both lanes cap each client (fair-pool.ts). A third pool,
 * `pageReads`, serves only the reads of page renders, which belong to no client.
 */
export class ApiPool extends FairPool {
  readonly core: FairPool
  override readonly pageReads: pg.Pool

  constructor(url: string, max = 20, fairness: FairnessOptions = DEFAULT_FAIRNESS) {
    const reserved = Math.max(2, Math.round(max / 4))
    // Pipelining lets a request's BEGIN and settings share one round trip (request-tx.ts); every
    // other query is still awaited before the next is sent. No cursors on these connections.
    const common = { connectionString: url, idleTimeoutMillis: 30_000, pipeline: true }
    super(
      { ...common, max: Math.max(1, max - reserved), application_name: 'rent-due api' },
      fairness,
    )
    this.core = new FairPool(
      { ...common, max: reserved, application_name: 'rent-due api core' },
      fairness,
    )
    this.pageReads = new pg.Pool({
      ...common,
      max: DEFAULT_PAGE_READS.connections,
      connectionTimeoutMillis: DEFAULT_PAGE_READS.acquireTimeoutMs,
      application_name: 'rent-due page reads',
    })
    this.core.pageReads = this.pageReads
    keepClientErrorsQuiet(this)
    keepClientErrorsQuiet(this.core)
    keepClientErrorsQuiet(this.pageReads)
  }

  override setFairness(fairness: FairnessOptions): void {
    super.setFairness(fairness)
    this.core.setFairness(fairness)
  }

  /** The server's configured page-read pool (app.ts); pg-pool reads both on every checkout. */
  setPageReads(opts: PageReadOptions): void {
    this.pageReads.options.max = opts.connections
    this.pageReads.options.connectionTimeoutMillis = opts.acquireTimeoutMs
  }

  override end(): Promise<void>
  override end(callback: () => void): void
  override end(callback?: () => void): Promise<void> | void {
    const both = Promise.all([super.end(), this.core.end(), this.pageReads.end()]).then(
      () => undefined,
    )
    if (!callback) return both
    void both.then(callback, callback)
  }
}

export function createApiPool(
  url: string,
  max = 20,
  fairness: FairnessOptions = DEFAULT_FAIRNESS,
): ApiPool {
  return new ApiPool(url, max, fairness)
}

function keepClientErrorsQuiet(pool: pg.Pool): void {
  pool.on('error', () => undefined)
  pool.on('connect', (client) => client.on('error', () => undefined))
}

/** PostgreSQL 15 or newer: the migrations use its grant and RLS behaviour. */
export async function assertServerVersion(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ num: string; version: string }>(
    `select current_setting('server_version_num') as num, current_setting('server_version') as version`,
  )
  const row = rows[0]
  if (!row || Number(row.num) < MIN_SERVER_VERSION_NUM) {
    throw new DatabaseVersionError(
      `PostgreSQL 15 or newer is required; DATABASE_URL points to PostgreSQL ${row?.version ?? '?'}. ` +
        'Upgrade that server or unset DATABASE_URL to use the embedded one.',
    )
  }
  return row.version
}

/**
 * Gives the authenticator role (created by the first migration) the password the API pool uses.
 * Skipped when that password already works, so servers sharing a database don't rewrite the role
 * on every start (concurrent ALTER ROLE can fail with "tuple concurrently updated").
 */
export async function ensureAuthenticatorPassword(
  adminPool: pg.Pool,
  adminUrl: string,
  password: string,
): Promise<void> {
  const probe = new pg.Client({ connectionString: authenticatorUrl(adminUrl, password) })
  probe.on('error', () => undefined)
  try {
    await probe.connect()
    return
  } catch {
    // Unknown role, wrong password or no LOGIN: set it below.
  } finally {
    await probe.end().catch(() => undefined)
  }
  const { rows } = await adminPool.query<{ rolcanlogin: boolean; rolsuper: boolean }>(
    `select rolcanlogin, rolsuper from pg_roles where rolname = 'authenticator'`,
  )
  const role = rows[0]
  if (!role) {
    throw new Error(
      'The role authenticator does not exist: the migrations in supabase/migrations must create it ' +
        '(NOINHERIT LOGIN, member of anon, authenticated and service_role).',
    )
  }
  if (role.rolsuper) throw new Error('The role authenticator must not be a superuser.')
  // ALTER ROLE takes no bind parameters: Postgres itself quotes the password (format %L), so
  // no text is ever spliced into SQL here.
  const { rows: stmt } = await adminPool.query<{ sql: string }>(
    `select format('alter role authenticator with login password %L', $1::text) as sql`,
    [password],
  )
  const alter = (stmt[0] as { sql: string }).sql
  for (let attempt = 0; ; attempt++) {
    try {
      await adminPool.query(alter)
      return
    } catch (e) {
      if (attempt >= 3 || !/concurrently updated/.test((e as Error).message)) throw e
    }
  }
}
