// The bucket endpoints storage-js offers (list, get, create, update, empty, delete). Every
// statement runs in the caller's role: the policy of migration 0005 admits admins only, and
// service_role bypasses RLS, so anyone else sees no buckets and may change none.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { anyQuery, unreadBody } from '../http/route-schemas.js'
import { bucketNotEmpty, invalidRequest, noSuchBucket } from './errors.js'
import { checkBucketName } from './names.js'
import { readJson, storageBody, type StorageRouteContext } from './route-context.js'
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  findBucket,
  listBuckets,
  updateBucket,
  type BucketInput,
  type BucketRow,
} from './queries.js'

function bucketJson(b: BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? '',
    public: b.public,
    file_size_limit: b.file_size_limit,
    allowed_mime_types: b.allowed_mime_types,
    created_at: new Date(b.created_at).toISOString(),
    updated_at: new Date(b.updated_at).toISOString(),
  }
}

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }

/** storage-js passes fileSizeLimit through as given: a number of bytes or a string like '5MB'. */
function sizeLimit(v: unknown): number | null | undefined {
  if (v === undefined) return undefined
  if (v === null) return null
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v
  const m = typeof v === 'string' ? /^\s*(\d+)\s*(b|kb|mb|gb)?\s*$/i.exec(v) : null
  if (!m) throw invalidRequest('file_size_limit must be a number of bytes')
  return Number(m[1]) * (UNITS[(m[2] ?? 'b').toLowerCase()] ?? 1)
}

function bucketInput(id: string, body: Record<string, unknown>): BucketInput {
  const mimes = body.allowed_mime_types
  if (
    mimes !== undefined &&
    mimes !== null &&
    (!Array.isArray(mimes) || mimes.some((m) => typeof m !== 'string'))
  ) {
    throw invalidRequest('allowed_mime_types must be an array of strings')
  }
  return {
    id,
    public: typeof body.public === 'boolean' ? body.public : undefined,
    file_size_limit: sizeLimit(body.file_size_limit),
    allowed_mime_types: mimes as string[] | null | undefined,
  }
}

/**
 * What the bucket routes declare. Bodies are read by readJson (route-context.ts); their fields
 * are checked by the handlers below in storage's order (the name first, then the options).
 */
const idParams = z.object({ id: z.string() })
const bucketBody = storageBody({
  id: z.unknown().optional(),
  name: z.unknown().optional(),
  public: z.unknown().optional(),
  file_size_limit: z.unknown().optional(),
  allowed_mime_types: z.unknown().optional(),
})
/** Empty and delete take no fields; storage-js sends `{}` or nothing. */
const noFields = storageBody({})
const listSchema = { querystring: anyQuery }
const oneSchema = { params: idParams, querystring: anyQuery }
const createSchema = { querystring: anyQuery, body: unreadBody }
const changeSchema = { params: idParams, querystring: anyQuery, body: unreadBody }

export function registerBucketRoutes(app: FastifyInstance, ctx: StorageRouteContext): void {
  const { service, files, pool, callerOf } = ctx
  const idOf = (params: unknown) => checkBucketName((params as { id: string }).id)

  app.get('/bucket', { schema: listSchema }, async (req, reply) => {
    const caller = await callerOf(req)
    const rows = await service.guard(() => listBuckets(pool, caller))
    return reply.send(rows.map(bucketJson))
  })

  app.get('/bucket/:id', { schema: oneSchema }, async (req, reply) => {
    const caller = await callerOf(req)
    const row = await service.guard(() => findBucket(pool, caller, idOf(req.params)))
    if (!row) throw noSuchBucket()
    return reply.send(bucketJson(row))
  })

  app.post('/bucket', { schema: createSchema }, async (req, reply) => {
    const caller = await callerOf(req)
    const body = await readJson(req, bucketBody)
    const id = checkBucketName(typeof body.id === 'string' ? body.id : String(body.name ?? ''))
    await service.guard(() => createBucket(pool, caller, bucketInput(id, body)))
    return reply.send({ name: id })
  })

  app.put('/bucket/:id', { schema: changeSchema }, async (req, reply) => {
    const caller = await callerOf(req)
    const id = idOf(req.params)
    const input = bucketInput(id, await readJson(req, bucketBody))
    const updated = await service.guard(() => updateBucket(pool, caller, input))
    service.publicCache.clear()
    if (!updated) throw noSuchBucket()
    return reply.send({ message: 'Successfully updated' })
  })

  app.post('/bucket/:id/empty', { schema: changeSchema }, async (req, reply) => {
    const caller = await callerOf(req)
    const id = idOf(req.params)
    await readJson(req, noFields)
    const versions = await service.guard(() => emptyBucket(pool, caller, id))
    service.publicCache.clear()
    if (versions === undefined) throw noSuchBucket()
    for (const v of versions) await files.remove(v)
    return reply.send({ message: 'Successfully emptied' })
  })

  app.delete('/bucket/:id', { schema: changeSchema }, async (req, reply) => {
    const caller = await callerOf(req)
    const id = idOf(req.params)
    await readJson(req, noFields)
    const outcome = await service.guard(() => deleteBucket(pool, caller, id))
    service.publicCache.clear()
    // A caller who may not see buckets learns nothing about which exist.
    if (outcome === 'missing') throw noSuchBucket()
    if (outcome === 'not-empty') throw bucketNotEmpty()
    return reply.send({ message: 'Successfully deleted' })
  })
}
