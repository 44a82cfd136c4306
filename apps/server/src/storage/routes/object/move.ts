// POST /object/move: renames an object, within its bucket or into another.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { anyQuery, unreadBody } from '../../../http/route-schemas.js'
import { noSuchKey } from '../../errors.js'
import { checkBucketName, checkObjectName } from '../../names.js'
import { moveObject } from '../../queries.js'
import { readJson, storageBody, type StorageRouteContext } from '../../route-context.js'

/** Read by readJson (route-context.ts); the names are checked as storage checks them, below. */
const moveBody = storageBody({
  bucketId: z.unknown().optional(),
  sourceKey: z.unknown().optional(),
  destinationBucket: z.unknown().optional(),
  destinationKey: z.unknown().optional(),
})
const schema = { querystring: anyQuery, body: unreadBody }

export function registerMove(app: FastifyInstance, ctx: StorageRouteContext): void {
  const { service, pool, callerOf } = ctx
  app.post('/object/move', { schema }, async (req, reply) => {
    const caller = await callerOf(req)
    const body = await readJson(req, moveBody)
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
}
