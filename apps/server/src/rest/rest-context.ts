// What every REST handler receives and returns, plus the small pieces they share: the JSON body
// reader and Content-Range arithmetic (PostgREST RangeQuery.hs / Response.hs).
import type { IncomingHttpHeaders } from 'node:http'
import type { Pool } from 'pg'
import type { Caller as RequestIdentity } from '../caller/plugin.js'
import { JsonBodyError, MAX_JSON_DEPTH, parseJson } from '../http/json-body.js'
import type { Catalog } from './catalog.js'
import { invalidJson, RestError } from './rest-error.js'

/**
 * PostgREST's db-tx-end: `commit` (the default) ignores `Prefer: tx=rollback`; the
 * `-allow-override` forms let a request choose; `rollback` ends every request with ROLLBACK.
 */
export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override'

export interface RestContext {
  pool: Pool
  catalog: Catalog
  identity: RequestIdentity
  method: string
  /** Path below /rest/v1, e.g. `/sightings`, published as request.path. */
  path: string
  /** The raw query string, without `?`. */
  search: string
  headers: IncomingHttpHeaders
  /** Lower-cased single-valued headers, published to SQL as request.headers. */
  headerJson: Record<string, string>
  body: string | undefined
  /** The keyed hash of the client's address (http/client-address.ts). */
  ipHash: string
  txEnd: TxEnd
}

/** Whether this request ends in ROLLBACK, and whether its `Prefer: tx` was honoured. */
export function transactionEnd(
  txEnd: TxEnd,
  preferred: 'commit' | 'rollback' | undefined,
): { rollback: boolean; honoured: boolean } {
  const base = txEnd.startsWith('rollback')
  if (preferred !== undefined && txEnd.endsWith('-allow-override')) {
    return { rollback: preferred === 'rollback', honoured: true }
  }
  return { rollback: base, honoured: false }
}

export interface RestReply {
  status: number
  headers: Record<string, string>
  body: string | null
}

export const JSON_TYPE = 'application/json; charset=utf-8'
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'

/** Parses the request body; anything that is not JSON is PostgREST's PGRST102. */
export function readJsonBody(body: string | undefined): unknown {
  if (body === undefined || body.trim() === '') throw invalidJson()
  try {
    // A column may be named __proto__: its key is kept, as PostgREST does.
    return parseJson(body, { protoKeys: 'keep' })
  } catch (e) {
    if (e instanceof JsonBodyError && e.problem === 'too-deep') {
      throw new RestError(
        400,
        'PGRST102',
        'Empty or invalid json',
        `The body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
      )
    }
    throw invalidJson()
  }
}

/** `first-last/total` for a page starting at `offset`; `*` for unknowns. */
export function contentRange(offset: number, rows: number, total: number | null): string {
  const totalPart = total === null ? '*' : String(total)
  if (rows === 0) return `*/${totalPart}`
  return `${offset}-${offset + rows - 1}/${totalPart}`
}

/** 200, 206 for a partial page, or 416 PGRST103 when the offset lies past the end. */
export function rangeStatus(offset: number, rows: number, total: number | null): number {
  if (total === null) return 200
  if (offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    )
  }
  return rows < total ? 206 : 200
}

/** Strips the brackets of a one-element json_agg array, giving the object itself. */
export function singleFromArray(body: string): string {
  return body.slice(1, -1).trim()
}
