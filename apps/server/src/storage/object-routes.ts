// The object endpoints (docs/api-coverage.md#storage-storagev1): list, public and authenticated
// download (GET/HEAD), upload (POST/PUT, raw or multipart), delete by prefixes and move.
import { PassThrough } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { parseJsonObject } from '../http/json-body.js'
import { invalidRequest, noSuchBucket, noSuchKey, renderNotFound } from './errors.js'
import { checkBucketName, checkObjectName, splitObjectPath } from './names.js'
import { readJson, type StorageRouteContext } from './plugin.js'
import {
  deleteObjects,
  findBucket,
  findObject,
  listObjects,
  moveObject,
  SERVICE,
  type ListOptions,
  type ObjectRow,
} from './queries.js'
import { DEFAULT_CACHE_CONTROL, sendObject } from './render.js'
import type { UploadInput, WriteMode } from './service.js'

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const
const MAX_LIST_LIMIT = 1500
/** Far past any bucket's size; bounds the number Postgres is asked to skip. */
const MAX_LIST_OFFSET = 1_000_000_000

function iso(d: Date | null): string | null {
  return d === null ? null : new Date(d).toISOString()
}

function objectJson(r: ObjectRow) {
  return {
    bucket_id: r.bucket_id,
    name: r.name,
    owner: r.owner,
    id: r.id,
    updated_at: iso(r.updated_at),
    created_at: iso(r.created_at),
    last_accessed_at: iso(r.last_accessed_at),
    metadata: r.metadata,
    user_metadata: r.user_metadata,
    version: r.version,
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}

function decodeMetadata(
  value: string | undefined,
  base64: boolean,
): Record<string, unknown> | null {
  if (value === undefined || value === '') return null
  try {
    return parseJsonObject(base64 ? Buffer.from(value, 'base64').toString('utf8') : value)
  } catch {
    throw invalidRequest('metadata must be a JSON object')
  }
}

/** Storage's cacheControl: a bare number of seconds from a form becomes `max-age=<n>`. */
function cacheControlOf(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return 'max-age=3600'
  return /^\d+$/.test(value.trim()) ? `max-age=${value.trim()}` : value
}

export function registerObjectRoutes(app: FastifyInstance, ctx: StorageRouteContext): void {
  const { service, files, pool, callerOf } = ctx

  app.post('/object/list/:bucket', async (req, reply) => {
    const caller = await callerOf(req.headers)
    const bucket = checkBucketName((req.params as { bucket: string }).bucket)
    const body = await readJson(req)
    const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
    const column = SORT_COLUMNS.find((c) => c === sortBy.column) ?? 'name'
    const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : ''
    const limit = Number(body.limit ?? 100)
    const offset = Number(body.offset ?? 0)
    if (!Number.isInteger(limit) || limit < 1) throw invalidRequest('limit must be >= 1')
    if (!Number.isInteger(offset) || offset < 0) throw invalidRequest('offset must be >= 0')
    if (offset > MAX_LIST_OFFSET) {
      throw invalidRequest(`offset must be at most ${MAX_LIST_OFFSET}`)
    }
    const options: ListOptions = {
      prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
      limit: Math.min(limit, MAX_LIST_LIMIT),
      offset,
      search: typeof body.search === 'string' ? body.search : '',
      column,
      order: String(sortBy.order).toLowerCase() === 'desc' ? 'desc' : 'asc',
    }
    const rows = await service.guard(() => listObjects(pool, caller, bucket, options))
    return reply.send(
      rows.map((r) => ({
        name: r.name,
        id: r.id,
        updated_at: iso(r.updated_at),
        created_at: iso(r.created_at),
        last_accessed_at: iso(r.last_accessed_at),
        metadata: r.metadata,
      })),
    )
  })

  app.post('/object/move', async (req, reply) => {
    const caller = await callerOf(req.headers)
    const body = await readJson(req)
    const str = (v: unknown) => (typeof v === 'string' ? v : '')
    const bucket = checkBucketName(str(body.bucketId))
    const destBucket = checkBucketName(str(body.destinationBucket) || bucket)
    const from = { bucket, name: checkObjectName(str(body.sourceKey)) }
    const to = { bucket: destBucket, name: checkObjectName(str(body.destinationKey)) }
    const moved = await service.guard(() => moveObject(pool, caller, from, to))
    service.publicCache.clear()
    if (!moved) throw noSuchKey()
    return reply.send({ message: 'Successfully moved' })
  })

  async function download(req: FastifyRequest, reply: FastifyReply, marker: string) {
    const isPublic = marker === '/object/public/'
    const caller = isPublic ? SERVICE : await callerOf(req.headers)
    const { bucket, name } = splitObjectPath(ctx.tail(req, marker))
    // Public bytes are served as service_role once the row query has found the bucket public
    // (remembered briefly, see PublicObjectCache); the authenticated route reads the row in the
    // caller's role, so RLS SELECT decides.
    const lookup = () => service.guard(() => findObject(pool, caller, bucket, name, isPublic))
    const cached = isPublic ? service.publicCache.get(bucket, name) : undefined
    // A cached row whose bytes are gone (replaced or deleted meanwhile) sends us to the database.
    for (const row of cached ? [cached, undefined] : [undefined]) {
      const current = row ?? (await lookup())
      if (!current) break
      if (!row && isPublic) service.publicCache.set(bucket, name, current)
      const cdn = isPublic && current.version ? files.publicUrl(current.version) : undefined
      if (cdn && (req.query as Record<string, unknown>)['download'] === undefined) {
        // The version's bytes never change, so the CDN may keep them; the name may move to a new
        // version, so the redirect is kept only as long as the object's own Cache-Control says.
        reply.header('cache-control', current.metadata?.cacheControl ?? DEFAULT_CACHE_CONTROL)
        return reply.redirect(cdn, 302)
      }
      const opened = current.version ? await files.open(current.version) : undefined
      if (!opened) continue
      const sent = await sendObject(req, reply, opened, current)
      if (sent !== 'gone') return sent
    }
    reply.header('cache-control', 'no-store')
    // The row query already required a public bucket; only a miss pays for telling why.
    if (isPublic && !(await findBucket(pool, SERVICE, bucket))?.public) throw noSuchBucket()
    throw isPublic ? renderNotFound() : noSuchKey()
  }

  const noCompress = { compress: false as const, exposeHeadRoute: false }
  for (const marker of ['/object/public/', '/object/authenticated/', '/object/']) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `${marker}*`,
      ...noCompress,
      handler: (req, reply) => download(req, reply, marker),
    })
  }

  async function upload(req: FastifyRequest, reply: FastifyReply, mode: WriteMode) {
    const caller = await callerOf(req.headers)
    const { bucket, name } = splitObjectPath(ctx.tail(req, '/object/'))
    const input: UploadInput = {
      bucket,
      name,
      contentType: 'application/octet-stream',
      cacheControl: 'max-age=3600',
      userMetadata: null,
      mode,
    }
    if (req.isMultipart()) {
      return reply.send(await uploadMultipart(req, input))
    }
    input.contentType = header(req, 'content-type') ?? 'application/octet-stream'
    input.cacheControl = cacheControlOf(header(req, 'cache-control'))
    input.userMetadata = decodeMetadata(header(req, 'x-metadata'), true)
    const length = header(req, 'content-length')
    if (length !== undefined && /^\d+$/.test(length)) input.declaredSize = Number(length)
    const limit = await service.prepareUpload(caller, input)
    // Through a PassThrough so that a refused body (too large) does not destroy the request,
    // and with it the socket, before the client has read our answer: the rest is drained.
    const body = new PassThrough()
    req.raw.pipe(body)
    try {
      const result = await service.commitUpload(caller, input, body, limit)
      return reply.send({ Id: result.id, Key: result.key })
    } catch (e) {
      req.raw.unpipe(body)
      req.raw.resume()
      reply.header('connection', 'close')
      throw e
    }

    async function uploadMultipart(r: FastifyRequest, inp: UploadInput) {
      // storage-js appends cacheControl and metadata before the file, so they are in `fields`.
      const file = await r.file({ limits: { files: 1, fileSize: Number.MAX_SAFE_INTEGER } })
      if (!file) throw invalidRequest('No file found in request')
      const field = (n: string) => {
        const f = file.fields[n]
        const one = Array.isArray(f) ? f[0] : f
        return one && one.type === 'field' ? String(one.value) : undefined
      }
      inp.cacheControl = cacheControlOf(field('cacheControl'))
      inp.userMetadata = decodeMetadata(field('metadata') ?? field('userMetadata'), false)
      inp.contentType = field('contentType') ?? (file.mimetype || 'application/octet-stream')
      let limit: number
      try {
        limit = await service.prepareUpload(caller, inp)
      } catch (e) {
        file.file.resume()
        throw e
      }
      const result = await service.commitUpload(caller, inp, file.file, limit)
      return { Id: result.id, Key: result.key }
    }
  }

  app.post('/object/*', (req, reply) =>
    upload(req, reply, header(req, 'x-upsert') === 'true' ? 'upsert' : 'insert'),
  )
  app.put('/object/*', (req, reply) => upload(req, reply, 'update'))

  app.delete('/object/:bucket', async (req, reply) => {
    const caller = await callerOf(req.headers)
    const bucket = checkBucketName((req.params as { bucket: string }).bucket)
    const body = await readJson(req)
    const prefixes = body.prefixes
    if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) {
      throw invalidRequest('prefixes must be an array of strings')
    }
    if (prefixes.length === 0 || prefixes.length > 1000) {
      throw invalidRequest('prefixes must hold between 1 and 1000 keys')
    }
    const rows = await service.guard(() =>
      deleteObjects(pool, caller, bucket, prefixes as string[]),
    )
    service.publicCache.clear()
    // Only after the commit: a crash before here leaves files nobody lists, never the reverse.
    for (const r of rows) await files.remove(r.version)
    return reply.send(rows.map(objectJson))
  })
}
