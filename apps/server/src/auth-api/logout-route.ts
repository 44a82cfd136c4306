// POST /auth/v1/logout?scope=global|local|others (signOut): ends the sessions, whose refresh
// tokens go with them. 204 even when the session had already ended, as GoTrue answers.
import type { FastifyInstance } from 'fastify'
import { requireUser, type AuthContext } from './context.js'
import { validationFailed } from './errors.js'
import { deleteSessions, withAuthTx } from './store.js'
import { queryParam } from './validation.js'

const SCOPES = ['global', 'local', 'others'] as const
type Scope = (typeof SCOPES)[number]

export function registerLogout(app: FastifyInstance, ctx: AuthContext) {
  app.post<{ Querystring: { scope?: unknown } }>('/logout', async (req, reply) => {
    const scope = req.query.scope === undefined ? 'global' : (queryParam(req.query.scope) ?? '')
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw validationFailed(`Unsupported logout scope "${scope.slice(0, 50)}"`)
    }
    const claims = await requireUser(req)
    await withAuthTx(ctx.pool, (tx) =>
      deleteSessions(tx, claims.sub, scope as Scope, claims.session_id),
    )
    ctx.sessionsChanged(claims.sub)
    return reply.code(204).send()
  })
}
