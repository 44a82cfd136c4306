// The Storage API (supabase/storage as storage-js 2.109 calls it), mounted by app.ts at
// /storage/v1: objects (list, upload, download with Range, delete, move) and buckets. Routes are
// thin: they parse, ask caller.ts who is calling, and hand over to the service and queries, which
// run every metadata statement in the caller's role so RLS on storage.objects/buckets decides.
import multipart from '@fastify/multipart'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Pool } from 'pg'
import type { ApiKeys } from '../auth/request-auth.js'
import { registerBucketRoutes } from './bucket-routes.js'
import { createStorageAuthenticator } from './caller.js'
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js'
import { databaseUnavailable, internalError, invalidRequest, StorageError } from './errors.js'
import { FileStore } from './file-store.js'
import { registerObjectRoutes } from './object-routes.js'
import { StorageService } from './service.js'

export interface StoragePluginOptions {
  pool: Pool
  keys: ApiKeys
  /** The server Config; only dataDir is read. */
  config: { dataDir: string }
}

/** JSON request bodies (list, delete, move, buckets) are small. */
const MAX_JSON_BYTES = 1024 * 1024

export interface StorageRouteContext {
  service: StorageService
  files: FileStore
  pool: Pool
  callerOf: ReturnType<typeof createStorageAuthenticator>
  /** The part of the URL path after `<prefix><marker>`, still percent-encoded. */
  tail(req: FastifyRequest, marker: string): string
}

export function sendStorageError(reply: FastifyReply, err: StorageError): FastifyReply {
  return reply
    .code(err.httpStatus)
    .header('content-type', 'application/json; charset=utf-8')
    .removeHeader('content-length')
    .send(JSON.stringify(err.body()))
}

/** Reads a JSON body ourselves: uploads must reach their handler unread, so no parser runs. */
export async function readJson(req: FastifyRequest): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req.raw as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_JSON_BYTES) throw invalidRequest('body too large')
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return {}
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error()
    return value as Record<string, unknown>
  } catch {
    throw invalidRequest('body must be a JSON object')
  }
}

export function storageFileStore(dataDir: string): FileStore {
  return new FileStore(`${dataDir.replace(/\/+$/, '')}/storage`)
}

export const storagePlugin: FastifyPluginAsync<StoragePluginOptions> = async (app, opts) => {
  const files = storageFileStore(opts.config.dataDir)
  await files.init()
  const service = new StorageService(opts.pool, files)
  const callerOf = createStorageAuthenticator(opts.keys)
  const prefix = app.prefix

  // Bodies stay unread until the handler decides: an upload streams straight to disk.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined))
  await app.register(multipart)

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    if (error instanceof StorageError) return sendStorageError(reply, error)
    if (isDatabaseUnavailable(error)) {
      reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS))
      return sendStorageError(reply, databaseUnavailable())
    }
    const status = error.statusCode ?? 500
    if (status >= 500) {
      req.log.error({ err: error }, 'storage request failed')
      return sendStorageError(reply, internalError())
    }
    return sendStorageError(reply, invalidRequest(error.message))
  })
  app.setNotFoundHandler((_req, reply) =>
    sendStorageError(reply, new StorageError(404, 'not_found', 'Not Found', 'Route not found')),
  )

  const ctx: StorageRouteContext = {
    service,
    files,
    pool: opts.pool,
    callerOf,
    tail(req, marker) {
      const path = req.url.split('?', 1)[0] ?? ''
      const start = prefix + marker
      return path.startsWith(start) ? path.slice(start.length) : ''
    },
  }
  registerObjectRoutes(app, ctx)
  registerBucketRoutes(app, ctx)
}
