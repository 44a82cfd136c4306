// GET /auth/v1/verify?token=…&type=signup|email_change&redirect_to=… : the links of the auth
// e-mails (an open route: no apikey, it is opened from a mail client). `signup` confirms the
// account, `email_change` moves the account to the address the link was mailed to; either starts
// a session and 303-redirects with it in the URL fragment, where auth-js's detectSessionInUrl
// picks it up. The browser that opened the link is then a known device of the account
// (devices.ts).
import type { FastifyInstance } from 'fastify'
import { clientInfo, type AuthContext } from './context.js'
import { setDeviceCookie, signInSource, type SignInSource } from './devices.js'
import { trustSignIn } from './limits.js'
import { startSession, type SessionJson } from './sessions.js'
import { confirmByToken, confirmEmailChange, digest, withAuthTx, type Tx } from './store.js'
import { queryValue, queryWith } from '../http/route-schemas.js'
import { queryParam } from './validation.js'

/** GoTrue's default mailer OTP lifetime. */
export const CONFIRMATION_MAX_AGE_SECONDS = 24 * 60 * 60

export type VerifyType = 'signup' | 'email_change'

const CONFIRM: Record<VerifyType, typeof confirmByToken> = {
  signup: confirmByToken,
  email_change: confirmEmailChange,
}

/** The link an auth e-mail carries: back to this route, then on to redirectTo (or SITE_URL). */
export function verifyLink(
  ctx: AuthContext,
  token: string,
  type: VerifyType,
  redirectTo: string | undefined,
): string {
  const link = new URL(`${ctx.publicBase}/auth/v1/verify`)
  link.searchParams.set('token', token)
  link.searchParams.set('type', type)
  link.searchParams.set('redirect_to', redirectTo ?? ctx.redirects.siteUrl)
  return link.href
}

function isVerifyType(type: string | undefined): type is VerifyType {
  return type === 'signup' || type === 'email_change'
}

/** A unique violation: the new address was taken between the check and the change. */
function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === '23505'
}

/** What the mailed link carries; a wrong or missing value redirects with otp_expired. */
export const verifySchema = {
  querystring: queryWith({
    token: queryValue.optional(),
    type: queryValue.optional(),
    redirect_to: queryValue.optional(),
  }),
}

export function registerVerify(app: FastifyInstance, ctx: AuthContext) {
  app.get<{ Querystring: { token?: unknown; type?: unknown; redirect_to?: unknown } }>(
    '/verify',
    { schema: verifySchema },
    async (req, reply) => {
      const target = ctx.redirects.orSiteUrl(queryParam(req.query.redirect_to))
      const token = queryParam(req.query.token)
      const type = queryParam(req.query.type)
      let session: SessionJson | undefined
      let source: SignInSource | undefined
      if (token !== undefined && token !== '' && isVerifyType(type)) {
        const confirm = async (tx: Tx) => {
          const user = await CONFIRM[type](tx, digest(token), CONFIRMATION_MAX_AGE_SECONDS)
          if (!user) return undefined
          source = signInSource(ctx, req, user.email)
          await trustSignIn(tx, source.attempt)
          return startSession(tx, ctx.issuer, user.id, 'otp', clientInfo(req))
        }
        session = await withAuthTx(ctx.pool, confirm).catch((e: unknown) => {
          if (isUniqueViolation(e)) return undefined
          throw e
        })
      }
      const fragment = new URLSearchParams(
        session
          ? {
              access_token: session.access_token,
              expires_at: String(session.expires_at),
              expires_in: String(session.expires_in),
              refresh_token: session.refresh_token,
              token_type: 'bearer',
              type: type as VerifyType,
            }
          : {
              error: 'access_denied',
              error_code: 'otp_expired',
              error_description: 'Email link is invalid or has expired',
            },
      )
      if (session && source) setDeviceCookie(ctx, reply, source)
      const url = new URL(target)
      url.hash = fragment.toString()
      return reply.header('cache-control', 'no-store').redirect(url.href, 303)
    },
  )
}
