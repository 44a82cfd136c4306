// DELETE /object/:bucket: removes the objects named in `prefixes`, then their bytes.
import type { FastifyInstance } from 'fastify'
import { invalidRequest } from '../../errors.js'
import { checkBucketName } from '../../names.js'
import { deleteObjects } from '../../queries.js'
import { readJson, type StorageRouteContext } from '../../route-context.js'
import { objectJson } from './object-json.js'

export function registerDelete(app: FastifyInstance, ctx: StorageRouteContext): void {
  const { service, files, pool, callerOf } = ctx
  app.delete('/object/:bucket', async (req, reply) => {
    const caller = await callerOf(req)
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
