// The server's one way to run a transaction: BEGIN (with any settings sent alongside it), the
// work, then COMMIT or ROLLBACK, and the connection handed back to its pool. A connection that
// broke on the way (the database ended it, the socket dropped, a COMMIT or ROLLBACK that got no
// answer) is released with its error, so the pool destroys it instead of lending it to the next
// request half way through a transaction.
import type { Pool, PoolClient, QueryConfig } from 'pg'

export interface TransactionOptions {
  /** The opening statement: `begin` unless told (e.g. `begin read only`). */
  begin?: string
  /**
   * Statements sent together with BEGIN, before the work: on a pipelining pool (pools.ts) they
   * share its round trip. The work only starts once all of them have succeeded.
   */
  prelude?: readonly (string | QueryConfig)[]
  /** End with ROLLBACK instead of COMMIT (a dry run, or Prefer: tx=rollback). */
  rollback?: boolean
  /**
   * Answer as soon as the work is done and end the transaction behind it: for read-only work,
   * which has nothing to make durable. A failure to end it then only discards the connection.
   */
  endInBackground?: boolean
}

/**
 * Whether an error left the connection unusable: the server's own errors carry a SQLSTATE and
 * leave the session in a known state; anything else (a terminated backend, a dropped socket, a
 * client that is no longer queryable) does not.
 */
export function connectionBroken(e: unknown): boolean {
  return typeof (e as { code?: unknown } | null)?.code !== 'string'
}

/** BEGIN and the prelude, sent without waiting on each other; throws the first failure. */
async function open(client: PoolClient, opts: TransactionOptions): Promise<void> {
  const sent = [
    client.query(opts.begin ?? 'begin'),
    ...(opts.prelude ?? []).map((q) => client.query(q)),
  ]
  const results = await Promise.allSettled(sent)
  for (const result of results) if (result.status === 'rejected') throw result.reason
}

/**
 * Runs `fn` in a transaction on a connection the caller holds (a session-level lock, say) and
 * keeps releasing to the caller. Throws what failed; `connectionBroken(e)` says whether the
 * connection must then be released with that error.
 */
export async function inTransaction<T>(
  client: PoolClient,
  fn: (client: PoolClient) => Promise<T>,
  opts: TransactionOptions = {},
): Promise<T> {
  let result: T
  try {
    await open(client, opts)
    result = await fn(client)
  } catch (e) {
    // A broken connection fails the ROLLBACK too; the caller's error is the answer either way.
    await client.query('rollback').catch(() => undefined)
    throw e
  }
  // A COMMIT can fail too (deferred constraints): that error is the answer.
  await client.query(opts.rollback ? 'rollback' : 'commit')
  return result
}

/**
 * Takes a connection from `pool`, runs `fn` in a transaction on it and gives the connection back,
 * or has the pool destroy it if the transaction could not be ended cleanly.
 */
export async function withTransaction<T>(
  pool: Pool,
  fn: (client: PoolClient) => Promise<T>,
  opts: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect()
  let result: T
  try {
    await open(client, opts)
    result = await fn(client)
  } catch (e) {
    await end(client, 'rollback').catch(() => undefined)
    throw e
  }
  const ending = end(client, opts.rollback ? 'rollback' : 'commit')
  if (opts.endInBackground) void ending.catch(() => undefined)
  else await ending
  return result
}

/** Ends the transaction and releases the connection, discarding it if it broke. */
async function end(client: PoolClient, statement: 'commit' | 'rollback'): Promise<void> {
  try {
    await client.query(statement)
  } catch (e) {
    // After a failed COMMIT/ROLLBACK that the server answered, the transaction is over and the
    // session is clean; without an answer nothing is known about it.
    client.release(connectionBroken(e) ? (e as Error) : undefined)
    throw e
  }
  client.release()
}
