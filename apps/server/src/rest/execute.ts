// Runs one built statement inside the caller's transaction (role switched, claims published) and
// hands back its single result row. `check` runs before COMMIT, so a failed cardinality check
// (.single() on a write) rolls the change back, as PostgREST does.
//
// The protocol is db/request-tx.ts's: BEGIN, the prepared settings statement, then the statement
// with bind parameters, then COMMIT, run by db/transaction.ts (which discards a broken connection). Statement texts are prepared once per connection, since a
// page asks the same few queries over and over (decision 032).
import type { Pool, QueryConfig } from 'pg'
import { requestTx } from '../db/request-tx.js'
import { withTransaction } from '../db/transaction.js'
import type { Caller as RequestIdentity } from '../caller/plugin.js'
import { patternGate } from './pattern-gate.js'
import type { Statement } from './sql-builder.js'

export interface ResultRow {
  total: string | null
  page_total: number
  /** Rows an upsert inserted (not merged), as text; null for everything else. */
  inserted: string | null
  body: string | null
}

export interface ExecOptions {
  method: string
  path: string
  headers: Record<string, string>
  readOnly: boolean
  /** The keyed hash of the client's address, published as request.ip_hash. */
  ipHash: string
  /** End with ROLLBACK instead of COMMIT (Prefer: tx=rollback, where the operator allows it). */
  rollback?: boolean
  check?: (row: ResultRow) => void
  /** The statement has a pattern filter: it waits for a turn of the lane's cap (pattern-gate.ts). */
  patterns?: boolean
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

export function execute(
  pool: Pool,
  identity: RequestIdentity,
  stmt: Statement,
  opts: ExecOptions,
): Promise<ResultRow> {
  const run = () => executeNow(pool, identity, stmt, opts)
  return opts.patterns ? patternGate(pool).run(run) : run()
}

function executeNow(
  pool: Pool,
  identity: RequestIdentity,
  stmt: Statement,
  opts: ExecOptions,
): Promise<ResultRow> {
  const ctx = {
    role: identity.role,
    claims: identity.claims,
    method: opts.method,
    path: opts.path,
    headers: opts.headers,
    readOnly: opts.readOnly,
    ipHash: opts.ipHash,
  }
  return withTransaction(
    pool,
    async (client) => {
      const { rows } = await client.query<ResultRow>(queryFor(stmt))
      const row = rows[0] ?? { total: null, page_total: 0, inserted: null, body: null }
      opts.check?.(row)
      return row
    },
    // A read has nothing to make durable: answer now and end the transaction behind the reply.
    // A write's COMMIT can fail (deferred constraints): that error is the answer.
    requestTx(ctx, { rollback: opts.rollback === true, endInBackground: opts.readOnly }),
  )
}
