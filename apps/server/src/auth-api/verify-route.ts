// GET /auth/v1/verify?token=…&type=signup&redirect_to=… : the link of the confirmation e-mail (an
// open route: no apikey, it is opened from a mail client). Confirms, starts a session and
// 303-redirects with it in the URL fragment, where auth-js's detectSessionInUrl picks it up.
import type { FastifyInstance } from 'fastify'
import { clientInfo, type AuthContext } from './context.js'
import { startSession } from './sessions.js'
import { confirmByToken, digest, withAuthTx } from './store.js'
import { queryParam } from './validation.js'

/** GoTrue's default mailer OTP lifetime. */
const CONFIRMATION_MAX_AGE_SECONDS = 24 * 60 * 60

export function registerVerify(app: FastifyInstance, ctx: AuthContext) {
  app.get<{ Querystring: { token?: unknown; type?: unknown; redirect_to?: unknown } }>(
    '/verify',
    async (req, reply) => {
      const target = ctx.redirects.orSiteUrl(queryParam(req.query.redirect_to))
      const token = queryParam(req.query.token)
      const type = queryParam(req.query.type)
      const session =
        token !== undefined && token !== '' && type === 'signup'
          ? await withAuthTx(ctx.pool, async (tx) => {
              const user = await confirmByToken(tx, digest(token), CONFIRMATION_MAX_AGE_SECONDS)
              return user
                ? startSession(tx, ctx.issuer, user.id, 'otp', clientInfo(req))
                : undefined
            })
          : undefined
      const fragment = new URLSearchParams(
        session
          ? {
              access_token: session.access_token,
              expires_at: String(session.expires_at),
              expires_in: String(session.expires_in),
              refresh_token: session.refresh_token,
              token_type: 'bearer',
              type: 'signup',
            }
          : {
              error: 'access_denied',
              error_code: 'otp_expired',
              error_description: 'Email link is invalid or has expired',
            },
      )
      const url = new URL(target)
      url.hash = fragment.toString()
      return reply.header('cache-control', 'no-store').redirect(url.href, 303)
    },
  )
}
