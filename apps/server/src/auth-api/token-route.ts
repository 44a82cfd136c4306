// POST /auth/v1/token?grant_type=password|refresh_token (signInWithPassword, refreshSession and
// auth-js's auto refresh). Refresh-token rotation and reuse detection live in sessions.ts.
//
// A password sign-in takes a hit from its address's limit and, unless it comes from a device or
// address that has signed in to the account before, reserves a place among the account's
// failures before the password is checked, so parallel guesses cannot all slip past the backoff;
// a right password gives the reservation back and makes this device and address known
// (limits.ts, devices.ts).
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { queryValue, queryWith } from '../http/route-schemas.js'
import { clientInfo, type AuthContext } from './context.js'
import { setDeviceCookie, signInSource } from './devices.js'
import { AuthError, invalidCredentials, validationFailed } from './errors.js'
import {
  beginPasswordAttempt,
  refundPasswordAttempt,
  REFRESH,
  SIGN_IN,
  takeLimits,
  trustSignIn,
} from './limits.js'
import { verifyPassword } from './passwords.js'
import { refreshSession, startSession } from './sessions.js'
import { findUserByEmail, withAuthTx } from './store.js'
import { bodyObject, checkEmail, gotrueBody, queryParam } from './validation.js'

/**
 * What /token reads. Which fields count depends on grant_type (email and password, or
 * refresh_token), so the handler checks them per grant, with GoTrue's codes for each.
 */
export const tokenSchema = {
  querystring: queryWith({ grant_type: queryValue.optional() }),
  body: gotrueBody({
    email: z.unknown().optional(),
    password: z.unknown().optional(),
    refresh_token: z.unknown().optional(),
  }),
}

export function registerToken(app: FastifyInstance, ctx: AuthContext) {
  const schema = tokenSchema
  app.post<{ Querystring: { grant_type?: unknown } }>('/token', { schema }, async (req, reply) => {
    const grant = queryParam(req.query.grant_type)
    const body = bodyObject(req.body)
    if (grant === 'password') {
      const email = checkEmail(body.email)
      if (typeof body.password !== 'string' || body.password === '') {
        throw invalidCredentials()
      }
      const password = body.password
      const source = signInSource(ctx, req, email)
      const { user, known } = await withAuthTx(ctx.pool, async (tx) => {
        await takeLimits(tx, [[SIGN_IN, ctx.subjects.client(req)]])
        const trusted = await beginPasswordAttempt(tx, source.attempt)
        return { user: await findUserByEmail(tx, email), known: trusted }
      })
      const ok = await verifyPassword(user?.encrypted_password, password)
      if (!user || !ok) throw invalidCredentials()
      const session = await withAuthTx(ctx.pool, async (tx) => {
        if (!known) await refundPasswordAttempt(tx, source.attempt)
        if (user.email_confirmed_at === null) return undefined
        await trustSignIn(tx, source.attempt)
        return startSession(tx, ctx.issuer, user.id, 'password', clientInfo(req))
      })
      if (!session) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
      setDeviceCookie(ctx, reply, source)
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
