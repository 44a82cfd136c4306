// What every storage route is handed (the service, the object store, the pool, who is calling)
// and the reading and answering every route shares. Route files import this, never plugin.ts,
// which imports them.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Pool } from 'pg'
import { JsonBodyError, MAX_JSON_DEPTH, parseJsonObject, readBodyText } from '../http/json-body.js'
import { invalidRequest, type StorageError } from './errors.js'
import type { ObjectStore } from './object-store.js'
import type { Caller } from './queries.js'
import type { StorageService } from './service.js'

/** JSON request bodies (list, delete, move, buckets) are small. */
const MAX_JSON_BYTES = 1024 * 1024

export interface StorageRouteContext {
  service: StorageService
  files: ObjectStore
  pool: Pool
  /** Who is calling (caller/plugin.ts, Storage's rule); a bad token is AccessDenied. */
  callerOf(req: FastifyRequest): Promise<Caller>
  /** The part of the URL path after `<prefix><marker>`, still percent-encoded. */
  tail(req: FastifyRequest, marker: string): string
}

export function sendStorageError(reply: FastifyReply, err: StorageError): FastifyReply {
  // A missing dependency (the object store): clients may retry shortly.
  if (err.httpStatus === 503) reply.header('retry-after', '5')
  return reply
    .code(err.httpStatus)
    .headers(err.headers)
    .header('content-type', 'application/json; charset=utf-8')
    .removeHeader('content-length')
    .send(JSON.stringify(err.body()))
}

/** Reads a JSON body ourselves: uploads must reach their handler unread, so no parser runs. */
export async function readJson(req: FastifyRequest): Promise<Record<string, unknown>> {
  try {
    const text = await readBodyText(req.raw as AsyncIterable<Buffer>, MAX_JSON_BYTES)
    if (text.trim() === '') return {}
    return parseJsonObject(text)
  } catch (e) {
    if (!(e instanceof JsonBodyError)) throw e
    if (e.problem === 'too-large') throw invalidRequest('body too large')
    if (e.problem === 'too-deep') {
      throw invalidRequest(`body must not be nested more than ${MAX_JSON_DEPTH} levels deep`)
    }
    throw invalidRequest('body must be a JSON object')
  }
}
