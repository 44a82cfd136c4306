// DELETE /object/:bucket: removes the objects named in `prefixes`, then their bytes.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { anyQuery, unreadBody } from '../../../http/route-schemas.js'
import { checkBucketName } from '../../names.js'
import { deleteObjects } from '../../queries.js'
import { readJson, storageBody, type StorageRouteContext } from '../../route-context.js'
import { objectJson } from './object-json.js'

const NOT_KEYS = 'prefixes must be an array of strings'
const KEY_COUNT = 'prefixes must hold between 1 and 1000 keys'
/** The object names to remove; the body is read by readJson (route-context.ts). */
const deleteBody = storageBody({
  prefixes: z
    .array(z.string({ error: NOT_KEYS }), { error: NOT_KEYS })
    .min(1, { error: KEY_COUNT })
    .max(1000, { error: KEY_COUNT }),
})
const schema = {
  params: z.object({ bucket: z.string() }),
  querystring: anyQuery,
  body: unreadBody,
}

export function registerDelete(app: FastifyInstance, ctx: StorageRouteContext): void {
  const { service, files, pool, callerOf } = ctx
  app.delete('/object/:bucket', { schema }, async (req, reply) => {
    const caller = await callerOf(req)
    const bucket = checkBucketName((req.params as { bucket: string }).bucket)
    const { prefixes } = await readJson(req, deleteBody)
    const rows = await service.guard(() => deleteObjects(pool, caller, bucket, prefixes))
    service.publicCache.clear()
    // Only after the commit: a crash before here leaves files nobody lists, never the reverse.
    for (const r of rows) await files.remove(r.version)
    return reply.send(rows.map(objectJson))
  })
}
