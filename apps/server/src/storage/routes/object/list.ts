// POST /object/list/:bucket: one level of a bucket under a prefix, searched, sorted and paged.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { anyQuery, unreadBody } from '../../../http/route-schemas.js'
import { invalidRequest } from '../../errors.js'
import { checkBucketName } from '../../names.js'
import { listObjects, type ListOptions } from '../../queries.js'
import { readJson, storageBody, type StorageRouteContext } from '../../route-context.js'
import { iso } from './object-json.js'

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const
const MAX_LIST_LIMIT = 1500
/** Far past any bucket's size; bounds the number Postgres is asked to skip. */
const MAX_LIST_OFFSET = 1_000_000_000

/**
 * What storage-js sends; read by readJson (route-context.ts). The fields are as lenient as
 * storage's own reading (a numeric string is a number, an unknown sort column is `name`), so the
 * handler checks them.
 */
const listBody = storageBody({
  prefix: z.unknown().optional(),
  limit: z.unknown().optional(),
  offset: z.unknown().optional(),
  search: z.unknown().optional(),
  sortBy: z.unknown().optional(),
})
const schema = {
  params: z.object({ bucket: z.string() }),
  querystring: anyQuery,
  body: unreadBody,
}

export function registerList(app: FastifyInstance, ctx: StorageRouteContext): void {
  const { service, pool, callerOf } = ctx
  app.post('/object/list/:bucket', { schema }, async (req, reply) => {
    const caller = await callerOf(req)
    const bucket = checkBucketName((req.params as { bucket: string }).bucket)
    const body = await readJson(req, listBody)
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
}
