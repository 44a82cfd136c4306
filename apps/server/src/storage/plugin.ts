// The Storage API (supabase/storage as storage-js 2.109 calls it), mounted by app.ts at
// /storage/v1: objects (list, upload, download with Range, delete, move; one file per route in
// routes/object/), buckets (bucket-routes.ts) and resumable uploads (resumable/). Routes are thin:
// they parse, ask who is calling (the caller plugin, caller/plugin.ts, with Storage's rule), and
// hand over to the service and queries, which run every metadata statement in the caller's role
// so RLS on storage.objects/buckets decides. Routes get what they share from route-context.ts,
// never from this file.
import multipart from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import type { Pool } from 'pg'
import { CallerRefused, callerPlugin, storageCredential } from '../caller/plugin.js'
import type { VerifiedCallers } from '../caller/verified-caller.js'
import type { Config } from '../config.js'
import { registerBucketRoutes } from './bucket-routes.js'
import { registerObjectRoutes } from './routes/object/index.js'
import { sendStorageError, type StorageRouteContext } from './route-context.js'
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js'
import { problemPlace, routeInputProblem, useRouteSchemas } from '../http/route-schemas.js'
import {
  accessDenied,
  databaseUnavailable,
  fromDatabaseError,
  internalError,
  invalidRequest,
  StorageError,
} from './errors.js'
import { FileStore } from './file-store.js'
import type { ObjectStore } from './object-store.js'
import { registerResumableRoutes } from './resumable/resumable-routes.js'
import { StorageService } from './service.js'

export interface StoragePluginOptions {
  pool: Pool
  /** The one token verifier and session cache (caller/verified-caller.ts). */
  callers: VerifiedCallers
  /** The server Config; only dataDir and storage are read. */
  config: ObjectStoreConfig
}

export type ObjectStoreConfig = Pick<Config, 'dataDir' | 'storage'>

/**
 * The configured object store: DATA_DIR/storage, or the S3 bucket. Call init() before use. The
 * AWS SDK is loaded only for S3 (it costs about 0.3 s of CPU per start otherwise).
 */
export async function createObjectStore(config: ObjectStoreConfig): Promise<ObjectStore> {
  if (config.storage.backend === 's3') {
    const { S3ObjectStore } = await import('./s3-object-store.js')
    return new S3ObjectStore(config.storage)
  }
  return new FileStore(`${config.dataDir.replace(/\/+$/, '')}/storage`)
}

export const storagePlugin: FastifyPluginAsync<StoragePluginOptions> = async (app, opts) => {
  const files = await createObjectStore(opts.config)
  await files.init()
  const service = new StorageService(opts.pool, files)
  await app.register(callerPlugin, { callers: opts.callers, rule: storageCredential })
  const prefix = app.prefix
  useRouteSchemas(app)

  // Bodies stay unread until the handler decides: an upload streams straight to disk.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined))
  await app.register(multipart)

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    // A route schema's refusal (http/route-schemas.ts): storage's InvalidRequest, never
    // Fastify's own body.
    const problem = routeInputProblem(error)
    if (problem) {
      req.log.info({ status: 400, code: 'InvalidRequest' }, 'storage request refused')
      return sendStorageError(reply, invalidRequest(`${problemPlace(problem)}: ${problem.message}`))
    }
    // A StorageError says what failed itself: an unreachable object store (S3) is a 503 of its
    // own, although its cause is a refused connection just like an unreachable database's.
    if (!(error instanceof StorageError) && isDatabaseUnavailable(error)) {
      reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS))
      return sendStorageError(reply, databaseUnavailable())
    }
    const known = error instanceof StorageError ? error : fromDatabaseError(error)
    if (known) {
      if (known.httpStatus === 503 && known.cause !== undefined) {
        req.log.error({ err: known.cause }, 'object store unavailable')
      } else if (known.httpStatus >= 500 && known.httpStatus !== 503) {
        req.log.error({ err: error }, 'storage request failed')
      } else {
        req.log.info({ status: known.httpStatus, code: known.code }, 'storage request refused')
      }
      return sendStorageError(reply, known)
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
    // A bad token is Storage's AccessDenied with the verifier's message.
    callerOf: (req) =>
      req.caller().catch((e: unknown) => {
        throw e instanceof CallerRefused ? accessDenied(e.message) : e
      }),
    tail(req, marker) {
      const path = req.url.split('?', 1)[0] ?? ''
      const start = prefix + marker
      return path.startsWith(start) ? path.slice(start.length) : ''
    },
  }
  registerObjectRoutes(app, ctx)
  registerBucketRoutes(app, ctx)
  // TUS at /upload/resumable (resumable/): big files, such as full episodes, in resumable parts.
  await registerResumableRoutes(app, ctx)
}
