// POST /object/* (create, or upsert with x-upsert) and PUT /object/* (replace): the body raw or
// as a multipart form, streamed to the object store within the bucket's limits.
import { PassThrough } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { parseJsonObject } from '../../../http/json-body.js'
import { invalidRequest } from '../../errors.js'
import { splitObjectPath } from '../../names.js'
import type { StorageRouteContext } from '../../route-context.js'
import { anyQuery, unreadBody, wildcardParams } from '../../../http/route-schemas.js'
import type { UploadInput, WriteMode } from '../../service.js'

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

export function registerUpload(app: FastifyInstance, ctx: StorageRouteContext): void {
  const { service, callerOf } = ctx

  async function upload(req: FastifyRequest, reply: FastifyReply, mode: WriteMode) {
    const caller = await callerOf(req)
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

  // The bytes (raw or multipart) stream to the object store unread by any parser; the options
  // travel in headers (x-upsert, cache-control, x-metadata) or the form's fields.
  const schema = { params: wildcardParams, querystring: anyQuery, body: unreadBody }
  app.post('/object/*', { schema }, (req, reply) =>
    upload(req, reply, header(req, 'x-upsert') === 'true' ? 'upsert' : 'insert'),
  )
  app.put('/object/*', { schema }, (req, reply) => upload(req, reply, 'update'))
}
