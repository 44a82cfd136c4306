// POST /auth/v1/token?grant_type=password|refresh_token (signInWithPassword, refreshSession and
// auth-js's auto refresh). Refresh-token rotation and reuse detection live in sessions.ts.
//
// A password sign-in takes a hit from its address's limit and reserves a place among its
// account's failed sign-ins before the password is checked, so parallel guesses cannot all slip
// past the limit; a right password gives the reservation back (limits.ts).
import type { FastifyInstance } from 'fastify'
import { clientInfo, type AuthContext } from './context.js'
import { AuthError, invalidCredentials, validationFailed } from './errors.js'
import { FAILED_SIGN_IN, refundLimits, REFRESH, SIGN_IN, takeLimits } from './limits.js'
import { verifyPassword } from './passwords.js'
import { refreshSession, startSession } from './sessions.js'
import { findUserByEmail, withAuthTx } from './store.js'
import { bodyObject, checkEmail, queryParam } from './validation.js'

export function registerToken(app: FastifyInstance, ctx: AuthContext) {
  app.post<{ Querystring: { grant_type?: unknown } }>('/token', async (req, reply) => {
    const grant = queryParam(req.query.grant_type)
    const body = bodyObject(req.body)
    if (grant === 'password') {
      const email = checkEmail(body.email)
      if (typeof body.password !== 'string' || body.password === '') {
        throw invalidCredentials()
      }
      const password = body.password
      const account = ctx.subjects.account(email)
      const user = await withAuthTx(ctx.pool, async (tx) => {
        await takeLimits(tx, [
          [SIGN_IN, ctx.subjects.client(req)],
          ...FAILED_SIGN_IN.map((bucket) => [bucket, account] as const),
        ])
        return findUserByEmail(tx, email)
      })
      const ok = await verifyPassword(user?.encrypted_password, password)
      if (!user || !ok) throw invalidCredentials()
      const session = await withAuthTx(ctx.pool, async (tx) => {
        await refundLimits(tx, FAILED_SIGN_IN, account)
        return user.email_confirmed_at === null
          ? undefined
          : startSession(tx, ctx.issuer, user.id, 'password', clientInfo(req))
      })
      if (!session) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
      return reply.send(session)
    }
    if (grant === 'refresh_token') {
      const token = body.refresh_token
      if (typeof token !== 'string' || token === '') {
        throw validationFailed('refresh_token required')
      }
      const result = await withAuthTx(ctx.pool, async (tx) => {
        await takeLimits(tx, [[REFRESH, ctx.subjects.client(req)]])
        return refreshSession(tx, ctx.issuer, token)
      })
      if (result instanceof AuthError) throw result
      return reply.send(result)
    }
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
  })
}
