// Runs one built statement inside the caller's transaction (role switched, claims published) and
// hands back its single result row. `check` runs before COMMIT, so a failed cardinality check
// (.single() on a write) rolls the change back, as PostgREST does.
//
// This is db/request-tx.ts's protocol in three round trips instead of four: BEGIN and the
// set_config call travel as one simple-protocol query (role whitelisted, the other settings as
// escaped literals; they are the caller's verified claims and request metadata, never statement
// values), then the statement with bind parameters, then COMMIT. Statement texts are prepared
// once per connection, since a page asks the same few queries over and over (decision 032).
import type { Pool, PoolClient, QueryConfig } from 'pg'
import { requestPreludeSql } from '../db/request-tx.js'
import type { RequestIdentity } from '../auth/request-auth.js'
import type { Statement } from './sql-builder.js'

export interface ResultRow {
  total: string | null
  page_total: number
  body: string | null
}

export interface ExecOptions {
  method: string
  path: string
  headers: Record<string, string>
  readOnly: boolean
  /** Prefer: tx=rollback — compute the answer, then undo every change. */
  rollback?: boolean
  check?: (row: ResultRow) => void
}

/** Statement text → prepared statement name; beyond the cap texts run unnamed. */
const preparedNames = new Map<string, string>()
const MAX_PREPARED = 500

function queryFor(stmt: Statement): QueryConfig {
  let name = preparedNames.get(stmt.text)
  if (name === undefined && preparedNames.size < MAX_PREPARED) {
    name = `rest_${preparedNames.size}`
    preparedNames.set(stmt.text, name)
  }
  return name === undefined
    ? { text: stmt.text, values: stmt.values }
    : { name, text: stmt.text, values: stmt.values }
}

/** BEGIN plus the per-request settings, shared with withRequestTx (db/request-tx.ts). */
export function preludeSql(identity: RequestIdentity, opts: ExecOptions): string {
  return requestPreludeSql({
    role: identity.role,
    claims: identity.claims,
    method: opts.method,
    path: opts.path,
    headers: opts.headers,
    readOnly: opts.readOnly,
  })
}

export async function execute(
  pool: Pool,
  identity: RequestIdentity,
  stmt: Statement,
  opts: ExecOptions,
): Promise<ResultRow> {
  const prelude = preludeSql(identity, opts)
  const client: PoolClient = await pool.connect()
  let row: ResultRow
  try {
    await client.query(prelude)
    const { rows } = await client.query<ResultRow>(queryFor(stmt))
    row = rows[0] ?? { total: null, page_total: 0, body: null }
    opts.check?.(row)
  } catch (e) {
    await finish(client, 'rollback').catch(() => undefined)
    throw e
  }
  const end = opts.rollback ? 'rollback' : 'commit'
  if (opts.readOnly) {
    // Nothing to make durable: answer now and end the transaction behind the reply.
    void finish(client, end).catch(() => undefined)
  } else {
    // A COMMIT can fail too (deferred constraints): that error is the answer.
    await finish(client, end)
  }
  return row
}

/** Ends the transaction and returns the connection (discarded if it broke). */
async function finish(client: PoolClient, end: 'commit' | 'rollback'): Promise<void> {
  try {
    await client.query(end)
  } catch (e) {
    // After a failed COMMIT/ROLLBACK the server has ended the transaction; only a dead
    // connection (no SQLSTATE) must not go back to the pool.
    const code = (e as { code?: unknown }).code
    client.release(typeof code === 'string' ? undefined : (e as Error))
    throw e
  }
  client.release()
}
