// Resumable uploads at /storage/v1/upload/resumable: the TUS 1.0 protocol as hosted Supabase
// Storage serves it, so tus-js-client and Uppy work unchanged (POST creates, with the bucket and
// object name in Upload-Metadata and the upload URL's last segment base64url of
// `<bucket>/<name>/<version>`; HEAD reads the offset; PATCH appends; DELETE cancels). @tus/server
// speaks the protocol; this file decides who may do what before it does, with the same rules as
// every other upload:
//
// - the caller is who their bearer token says (caller/plugin.ts); the bucket's media types and
//   size limit apply (up to MAX_RESUMABLE_BYTES, where plain uploads stop at 50 MB); and an
//   INSERT (or upsert) on storage.objects in the caller's role must pass RLS, tried at creation,
//   again before every later request, and for real when the last byte has arrived;
// - only the caller who started an upload may continue, inspect or cancel it;
// - per caller, at most MAX_OPEN_UPLOADS unfinished uploads (in the shared book) and at most
//   MAX_WRITES_PER_CALLER requests writing at once in this process; beyond that 429;
// - every header @tus/server parses is bounded first (upload-request.ts): 400 in words.
//
// URLs are never built from Host or X-Forwarded-*: Location is the relative path of the upload.
import type { ServerResponse } from 'node:http'
import { Server, type Upload } from '@tus/server'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { clientKey } from '../../http/client-address.js'
import { anyQuery, wildcardParams } from '../../http/route-schemas.js'
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/unavailable.js'
import {
  databaseUnavailable,
  entityTooLarge,
  fromDatabaseError,
  invalidMimeType,
  noSuchBucket,
  StorageError,
} from '../errors.js'
import { newVersion } from '../object-store.js'
import type { StorageRouteContext } from '../route-context.js'
import {
  checkCanWrite,
  findBucket,
  SERVICE,
  writeObject,
  type BucketRow,
  type Caller,
} from '../queries.js'
import { baseMime, mimeAllowed } from '../service.js'
import { LeaseLocker } from './lease-locker.js'
import { createResumableStore } from './resumable-store.js'
import type { ResumableStore } from './store-contract.js'
import {
  checkTusHeaders,
  creationMetadata,
  decodeUploadId,
  encodeUploadId,
  readNumberHeader,
  uploadNotFound,
  type CreationMetadata,
} from './upload-request.js'
import { UploadsBook } from './uploads-book.js'

/** The largest object a resumable upload may make, whatever a bucket allows. */
export const MAX_RESUMABLE_BYTES = 16 * 1024 * 1024 * 1024
export const MAX_OPEN_UPLOADS = 10
export const MAX_WRITES_PER_CALLER = 3
/** An unfinished upload is kept this long after its creation (tus' Upload-Expires). */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000
/** How often this process looks for expired uploads (at a creation, never more often). */
const EXPIRY_SWEEP_MS = 60_000

/** What the route learned about a request before handing it to @tus/server. */
interface RequestState {
  caller: Caller
  ownerKey: string
  /** The object being made: from Upload-Metadata (POST) or from the book (later requests). */
  target: CreationMetadata & { version: string; mode: 'insert' | 'upsert' }
  /** The bucket's size limit, capped by MAX_RESUMABLE_BYTES. */
  limit: number
}

export interface ResumableRoutesOptions {
  maxOpenUploads?: number
  maxWritesPerCaller?: number
}

/** The caller whose limits an upload counts against, and who alone may continue it. */
function ownerKeyOf(caller: Caller, ip: string): string {
  if (caller.role === 'service_role') return 'service_role'
  const sub = (caller.claims as { sub?: unknown }).sub
  return typeof sub === 'string' && sub !== '' ? `user:${sub}` : `anon:${clientKey(ip)}`
}

/**
 * The bucket's own rule for media types. Plain uploads check the same rule in service.ts; should
 * that check grow (sniffing, stricter matching), this is the one place to call it from.
 */
function checkMediaType(bucket: BucketRow, contentType: string): void {
  const mime = baseMime(contentType)
  if (!mimeAllowed(bucket.allowed_mime_types, mime)) throw invalidMimeType(mime)
}

function sizeLimitOf(bucket: BucketRow): number {
  return Math.min(bucket.file_size_limit ?? MAX_RESUMABLE_BYTES, MAX_RESUMABLE_BYTES)
}

/** A StorageError as tus clients read errors: the real status, the message as plain text. */
function tusError(e: StorageError) {
  return { status_code: e.statusCode, body: `${e.message}\n` }
}

const tooMany = (message: string, retryAfter: number) =>
  new StorageError(429, 'TooManyRequests', 'too_many_requests', message, 429, {
    'retry-after': String(retryAfter),
  })

export async function registerResumableRoutes(
  app: FastifyInstance,
  ctx: StorageRouteContext,
  options: ResumableRoutesOptions = {},
): Promise<void> {
  const { service, pool, callerOf } = ctx
  const maxOpen = options.maxOpenUploads ?? MAX_OPEN_UPLOADS
  const maxWrites = options.maxWritesPerCaller ?? MAX_WRITES_PER_CALLER
  const book = new UploadsBook(pool)
  const store: ResumableStore = await createResumableStore(ctx.files, {
    expiresInMs: UPLOAD_LIFETIME_MS,
    // A client cancelled: its bytes are gone (tus removed them), so is its entry.
    onTerminated: (version) => book.remove(version),
  })
  const states = new WeakMap<object, RequestState>()
  const writing = new Map<string, number>()
  const path = `${app.prefix}/upload/resumable`

  const stateOf = (req: { runtime?: { node?: { req?: object } } }): RequestState => {
    const raw = req.runtime?.node?.req
    const state = raw && states.get(raw)
    if (!state) throw new Error('a resumable upload request reached tus without its checks')
    return state
  }

  let lastSweep = 0
  function sweepExpired(log: FastifyRequest['log']): void {
    if (Date.now() - lastSweep < EXPIRY_SWEEP_MS) return
    lastSweep = Date.now()
    void (async () => {
      for (const version of await book.takeExpired(50)) await store.discard(version)
    })().catch((err: unknown) => log.warn({ err }, 'sweeping expired resumable uploads failed'))
  }

  async function finish(state: RequestState, upload: Upload) {
    const { caller, target } = state
    const version = target.version
    const bucket = await findBucket(pool, SERVICE, target.bucket)
    if (!bucket) {
      await store.discard(version)
      await book.remove(version)
      throw noSuchBucket()
    }
    let bytes: Awaited<ReturnType<ResumableStore['finish']>>
    try {
      // The bucket may have changed its rules while the bytes travelled.
      checkMediaType(bucket, target.contentType)
      if ((upload.size ?? 0) > sizeLimitOf(bucket)) throw entityTooLarge()
      bytes = await store.finish(version)
    } catch (e) {
      await store.discard(version)
      await book.remove(version).catch(() => undefined)
      throw e
    }
    const now = new Date().toISOString()
    let written: Awaited<ReturnType<typeof writeObject>>
    try {
      written = await service.guard(() =>
        writeObject(
          pool,
          caller,
          {
            bucket: target.bucket,
            name: target.name,
            version,
            metadata: {
              eTag: bytes.eTag,
              size: bytes.size,
              mimetype: target.contentType,
              cacheControl: target.cacheControl,
              lastModified: now,
              contentLength: bytes.size,
              httpStatusCode: 200,
            },
            userMetadata: target.userMetadata,
          },
          target.mode,
        ),
      )
    } catch (e) {
      // As for plain uploads: lost with the database, the COMMIT may still have landed, so the
      // bytes stay (a sweep removes them if no row names them).
      if (!isDatabaseUnavailable(e)) await ctx.files.remove(version)
      await book.remove(version).catch(() => undefined)
      throw e
    }
    service.publicCache.clear()
    await book.remove(version)
    if (written?.oldVersion) await ctx.files.remove(written.oldVersion)
  }

  const tus = new Server({
    path,
    datastore: store.datastore,
    maxSize: (req) => {
      try {
        return stateOf(req).limit
      } catch {
        return MAX_RESUMABLE_BYTES
      }
    },
    locker: new LeaseLocker(book, (id) => store.versionOf(id) ?? id),
    disableTerminationForFinishedUploads: true,
    namingFunction: (req) => store.keyOf(stateOf(req).target.version),
    generateUrl: (req, { path: base }) => `${base}/${encodeUploadId(stateOf(req).target)}`,
    getFileIdFromRequest: (req) => store.keyOf(stateOf(req).target.version),
    onUploadCreate: async (req, upload) => {
      const { target, ownerKey } = stateOf(req)
      const added = await book.add(
        {
          version: target.version,
          bucket_id: target.bucket,
          name: target.name,
          owner_key: ownerKey,
          mode: target.mode,
          size: upload.size ?? null,
          content_type: target.contentType,
          cache_control: target.cacheControl,
          user_metadata: target.userMetadata,
          expiresInMs: UPLOAD_LIFETIME_MS,
        },
        maxOpen,
      )
      if (!added) {
        req.runtime?.node?.res?.setHeader('retry-after', '60')
        throw tusError(
          tooMany(
            `At most ${maxOpen} unfinished uploads at a time: finish or cancel one first.`,
            60,
          ),
        )
      }
      return {}
    },
    onUploadFinish: async (req, upload) => {
      try {
        await finish(stateOf(req), upload)
      } catch (e) {
        const known = e instanceof StorageError ? e : fromDatabaseError(e)
        if (known) throw tusError(known)
        throw e
      }
      return { headers: { 'Tus-Complete': '1' } }
    },
    onResponseError: (req, err) => {
      const node = req.runtime?.node
      const status = (err as { status_code?: number }).status_code
      if (status !== undefined && status < 500) return
      // What reaches here is not the client's doing: a lock another request kept, a dropped
      // connection while writing, the database or the object store away.
      if (node?.req.destroyed || node?.req.readableAborted) {
        return { status_code: 400, body: 'The upload was interrupted: resume it.\n' }
      }
      if (status === 500 && (err as { body?: string }).body?.includes('lock')) {
        return { status_code: 423, body: 'Another request is writing to this upload.\n' }
      }
      node?.res?.setHeader('retry-after', String(DB_RETRY_AFTER_SECONDS))
      app.log.error({ err }, 'resumable upload failed')
      return { status_code: 503, body: 'Storage is unavailable, try again shortly.\n' }
    },
  })

  /** Everything decided before tus runs: who, which upload, may they. */
  async function prepare(req: FastifyRequest): Promise<RequestState> {
    checkTusHeaders(req.headers)
    const caller = await callerOf(req)
    const ownerKey = ownerKeyOf(caller, req.ip)
    const tail = ctx.tail(req, '/upload/resumable')
    if (req.method === 'POST') {
      if (tail !== '' && tail !== '/') throw uploadNotFound()
      const meta = creationMetadata(req.headers['upload-metadata'] as string | undefined)
      const mode = req.headers['x-upsert'] === 'true' ? 'upsert' : 'insert'
      const bucket = await findBucket(pool, SERVICE, meta.bucket)
      if (!bucket) throw noSuchBucket()
      checkMediaType(bucket, meta.contentType)
      const length = readNumberHeader(req.headers, 'upload-length')
      if (length !== undefined && length > sizeLimitOf(bucket)) throw entityTooLarge()
      await service.guard(() => checkCanWrite(pool, caller, meta.bucket, meta.name, mode))
      sweepExpired(req.log)
      return {
        caller,
        ownerKey,
        target: { ...meta, mode, version: newVersion() },
        limit: sizeLimitOf(bucket),
      }
    }
    if (!tail.startsWith('/') || tail.indexOf('/', 1) !== -1) throw uploadNotFound()
    const wanted = decodeUploadId(tail.slice(1))
    const row = await book.find(wanted.version)
    if (
      !row ||
      row.bucket_id !== wanted.bucket ||
      row.name !== wanted.name ||
      row.owner_key !== ownerKey ||
      row.expires_at.getTime() <= Date.now()
    ) {
      throw uploadNotFound()
    }
    const bucket = await findBucket(pool, SERVICE, row.bucket_id)
    if (!bucket) throw noSuchBucket()
    await service.guard(() => checkCanWrite(pool, caller, row.bucket_id, row.name, row.mode))
    return {
      caller,
      ownerKey,
      target: {
        bucket: row.bucket_id,
        name: row.name,
        version: row.version,
        mode: row.mode,
        contentType: row.content_type,
        cacheControl: row.cache_control,
        userMetadata: row.user_metadata,
      },
      limit: sizeLimitOf(bucket),
    }
  }

  function refuse(reply: FastifyReply, e: unknown, req: FastifyRequest) {
    const unavailable = !(e instanceof StorageError) && isDatabaseUnavailable(e)
    const known =
      e instanceof StorageError ? e : unavailable ? databaseUnavailable() : fromDatabaseError(e)
    if (!known) throw e
    if (unavailable) reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS))
    req.log.info({ status: known.statusCode, code: known.code }, 'resumable upload refused')
    // The body of a refused request is not read: drain it and close the connection after the
    // answer, so the client reads the answer rather than a reset.
    req.raw.resume()
    return reply
      .header('connection', 'close')
      .code(known.statusCode)
      .headers(known.headers)
      .header('tus-resumable', '1.0.0')
      .header('content-type', 'text/plain; charset=utf-8')
      .send(`${known.message}\n`)
  }

  async function handle(req: FastifyRequest, reply: FastifyReply) {
    const raw = req.raw
    if (req.method !== 'OPTIONS') {
      let state: RequestState
      try {
        state = await prepare(req)
      } catch (e) {
        return refuse(reply, e, req)
      }
      states.set(raw, state)
    }
    const writes =
      req.method === 'PATCH' ||
      (req.method === 'POST' &&
        (raw.headers['content-type'] ?? '').startsWith('application/offset+octet-stream'))
    const key = states.get(raw)?.ownerKey
    if (writes && key) {
      const busy = writing.get(key) ?? 0
      if (busy >= maxWrites) {
        return refuse(
          reply,
          tooMany(`At most ${maxWrites} uploads may send bytes at once.`, 5),
          req,
        )
      }
      writing.set(key, busy + 1)
    }
    // tus answers on the raw response itself; what hooks set so far (CORS, security headers)
    // goes with it.
    reply.hijack()
    const res: ServerResponse = reply.raw
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) res.setHeader(name, value as string)
    }
    try {
      await tus.handle(raw, res)
    } finally {
      states.delete(raw)
      if (writes && key) {
        const left = (writing.get(key) ?? 1) - 1
        if (left > 0) writing.set(key, left)
        else writing.delete(key)
      }
    }
  }

  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const
  // TUS carries everything in headers (checked first by upload-request.ts) and the bytes in a
  // body @tus/server streams itself (no body schema: HEAD, one of the methods, takes none).
  const schema = { querystring: anyQuery }
  app.route({ method: [...methods], url: '/upload/resumable', schema, handler: handle })
  app.route({
    method: [...methods],
    url: '/upload/resumable/*',
    schema: { ...schema, params: wildcardParams },
    handler: handle,
  })
}
