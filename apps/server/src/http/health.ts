// GET /healthz: 200 when the database answers through the API pool, 503 when it does not.
import type { FastifyInstance } from 'fastify'
import type { Pool } from 'pg'
import { anyQuery, useRouteSchemas } from './route-schemas.js'

export function registerHealth(app: FastifyInstance, pool: Pool): void {
  useRouteSchemas(app)
  app.get('/healthz', { schema: { querystring: anyQuery } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store')
    try {
      await pool.query('select 1')
      return { status: 'ok' }
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: 'database unreachable' })
    }
  })
}
