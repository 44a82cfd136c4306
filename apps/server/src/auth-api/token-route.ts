// POST /auth/v1/token?grant_type=password|refresh_token (signInWithPassword, refreshSession and
// auth-js's auto refresh). Refresh-token rotation and reuse detection live in sessions.ts.
import type { FastifyInstance } from 'fastify'
import { checkRateLimit, clientInfo, type AuthContext } from './context.js'
import { AuthError, invalidCredentials, validationFailed } from './errors.js'
import { verifyPassword } from './passwords.js'
import { refreshSession, startSession } from './sessions.js'
import { findUserByEmail, withAuthTx } from './store.js'
import { bodyObject, checkEmail, queryParam } from './validation.js'

export function registerToken(app: FastifyInstance, ctx: AuthContext) {
  app.post<{ Querystring: { grant_type?: unknown } }>('/token', async (req, reply) => {
    const grant = queryParam(req.query.grant_type)
    const body = bodyObject(req.body)
    if (grant === 'password') {
      checkRateLimit(ctx, req)
      const email = checkEmail(body.email)
      if (typeof body.password !== 'string' || body.password === '') {
        throw invalidCredentials()
      }
      const password = body.password
      const user = await withAuthTx(ctx.pool, (tx) => findUserByEmail(tx, email))
      const ok = await verifyPassword(user?.encrypted_password, password)
      if (!user || !ok) throw invalidCredentials()
      if (user.email_confirmed_at === null) {
        throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
      }
      const session = await withAuthTx(ctx.pool, (tx) =>
        startSession(tx, ctx.issuer, user.id, 'password', clientInfo(req)),
      )
      return reply.send(session)
    }
    if (grant === 'refresh_token') {
      checkRateLimit(ctx, req, ctx.refreshLimiter)
      const token = body.refresh_token
      if (typeof token !== 'string' || token === '') {
        throw validationFailed('refresh_token required')
      }
      const result = await withAuthTx(ctx.pool, (tx) => refreshSession(tx, ctx.issuer, token))
      if (result instanceof AuthError) throw result
      return reply.send(result)
    }
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
  })
}
