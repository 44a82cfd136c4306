// GET/HEAD /object/public/*, /object/authenticated/* and /object/*: an object's bytes (with
// Range), public ones through a short row cache or the object store's CDN address.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { queryValue, queryWith, wildcardParams } from '../../../http/route-schemas.js'
import { noSuchBucket, noSuchKey, renderNotFound } from '../../errors.js'
import { splitObjectPath } from '../../names.js'
import { findBucket, findObject, SERVICE } from '../../queries.js'
import { DEFAULT_CACHE_CONTROL, sendObject } from '../../render.js'
import type { StorageRouteContext } from '../../route-context.js'

export function registerDownload(app: FastifyInstance, ctx: StorageRouteContext): void {
  const { service, files, pool, callerOf } = ctx

  async function download(req: FastifyRequest, reply: FastifyReply, marker: string) {
    const isPublic = marker === '/object/public/'
    const caller = isPublic ? SERVICE : await callerOf(req)
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

  // `download` (any value: present means attachment); image transforms are not offered.
  const schema = {
    params: wildcardParams,
    querystring: queryWith({ download: queryValue.optional() }),
  }
  const noCompress = { compress: false as const, exposeHeadRoute: false }
  for (const marker of ['/object/public/', '/object/authenticated/', '/object/']) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `${marker}*`,
      ...noCompress,
      schema,
      handler: (req, reply) => download(req, reply, marker),
    })
  }
}
