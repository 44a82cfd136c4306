// POST /auth/v1/logout?scope=global|local|others (signOut): ends the sessions, whose refresh
// tokens go with them. 204 even when the session had already ended, as GoTrue answers.
import type { FastifyInstance } from 'fastify'
import { requireUser, type AuthContext } from './context.js'
import { validationFailed } from './errors.js'
import { deleteSessions, withAuthTx } from './store.js'
import { queryWith } from '../http/route-schemas.js'
import { checkedField, queryParam } from './validation.js'

const SCOPES = ['global', 'local', 'others'] as const
type Scope = (typeof SCOPES)[number]

/** `scope`: absent (global) or one of SCOPES given once; anything else is validation_failed. */
function scopeOf(value: unknown): Scope {
  const scope = value === undefined ? 'global' : (queryParam(value) ?? '')
  if (!(SCOPES as readonly string[]).includes(scope)) {
    throw validationFailed(`Unsupported logout scope "${scope.slice(0, 50)}"`)
  }
  return scope as Scope
}

/** The body (auth-js sends none, or an empty one) is not read. */
export const logoutSchema = {
  querystring: queryWith({ scope: checkedField(scopeOf, 'optional') }),
}

export function registerLogout(app: FastifyInstance, ctx: AuthContext) {
  const schema = logoutSchema
  app.post<{ Querystring: { scope?: unknown } }>('/logout', { schema }, async (req, reply) => {
    const scope = scopeOf(req.query.scope)
    const claims = await requireUser(req)
    await withAuthTx(ctx.pool, (tx) => deleteSessions(tx, claims.sub, scope, claims.session_id))
    ctx.sessionsChanged(claims.sub)
    return reply.code(204).send()
  })
}
