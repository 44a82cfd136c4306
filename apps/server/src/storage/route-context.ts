// What every storage route is handed (the service, the object store, the pool, who is calling)
// and the reading and answering every route shares. Route files import this, never plugin.ts,
// which imports them.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Pool } from 'pg'
import { z } from 'zod'
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

/**
 * A storage JSON body's declared shape: an object with the fields the route reads, any others
 * allowed, as storage ignores them. The route's schema says `unreadBody` (no parser reads it,
 * see plugin.ts), and readJson checks the text against this once it has read it.
 */
export function storageBody<T extends Record<string, z.ZodType>>(shape: T) {
  return z.looseObject(shape)
}

/**
 * Reads a JSON body ourselves: uploads must reach their handler unread, so no parser runs. The
 * object is checked against the route's declared body; a refusal is InvalidRequest with the
 * schema's words.
 */
export async function readJson<T extends Record<string, unknown>>(
  req: FastifyRequest,
  schema: z.ZodType<T>,
): Promise<T> {
  const body = await readJsonObject(req)
  const checked = schema.safeParse(body)
  if (checked.success) return checked.data
  throw invalidRequest(checked.error.issues[0]?.message ?? 'body is invalid')
}

async function readJsonObject(req: FastifyRequest): Promise<Record<string, unknown>> {
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
