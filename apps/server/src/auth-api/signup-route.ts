// POST /auth/v1/signup (auth-js signUp). Autoconfirm (no SMTP): the user is confirmed and gets a
// session at once. With SMTP: the bare user comes back and a confirmation link is mailed; an
// address already confirmed gets GoTrue's obfuscated look-alike so sign-up cannot probe accounts.
// The address's limit is taken first, before the password's strength check and hashing (the
// costly parts).
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { clientInfo, type AuthContext } from './context.js'
import { AuthError } from './errors.js'
import { SIGN_IN, takeLimits } from './limits.js'
import { accountWords, checkPassword, checkStrength, hashPassword } from './passwords.js'
import { startSession, userJson } from './sessions.js'
import {
  digest,
  findUserByEmail,
  identitiesOf,
  insertUser,
  renewConfirmation,
  withAuthTx,
} from './store.js'
import { bodyObject, checkEmail, checkMetadata, queryParam } from './validation.js'
import { verifyLink } from './verify-route.js'

const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] }

export function registerSignup(app: FastifyInstance, ctx: AuthContext) {
  app.post<{ Querystring: { redirect_to?: unknown } }>('/signup', async (req, reply) => {
    await withAuthTx(ctx.pool, (tx) => takeLimits(tx, [[SIGN_IN, ctx.subjects.client(req)]]))
    const body = bodyObject(req.body)
    const email = checkEmail(body.email)
    const password = checkPassword(body.password, 'Signup requires a valid password')
    const userMetadata = checkMetadata(body.data) ?? {}
    const redirectTo = ctx.redirects.check(queryParam(req.query.redirect_to))
    await checkStrength(ctx.passwords, password, accountWords(email, userMetadata))
    const passwordHash = await hashPassword(password)
    const confirmToken = ctx.mailer ? crypto.randomBytes(32).toString('base64url') : undefined

    const outcome = await withAuthTx(ctx.pool, async (tx) => {
      const created = await insertUser(tx, {
        email,
        passwordHash,
        userMetadata,
        appMetadata: EMAIL_APP_METADATA,
        confirmed: confirmToken === undefined,
        confirmationDigest: confirmToken === undefined ? undefined : digest(confirmToken),
      })
      if (created) {
        if (confirmToken !== undefined) {
          return {
            kind: 'mail' as const,
            user: userJson(created, await identitiesOf(tx, created.id)),
          }
        }
        return {
          kind: 'session' as const,
          session: await startSession(tx, ctx.issuer, created.id, 'password', clientInfo(req)),
        }
      }
      const existing = await findUserByEmail(tx, email)
      if (!existing || confirmToken === undefined) {
        throw new AuthError(422, 'user_already_exists', 'User already registered')
      }
      if (existing.email_confirmed_at === null) {
        const renewed = await renewConfirmation(
          tx,
          existing.id,
          passwordHash,
          userMetadata,
          digest(confirmToken),
        )
        return {
          kind: 'mail' as const,
          user: userJson(renewed, await identitiesOf(tx, renewed.id)),
        }
      }
      return { kind: 'fake' as const }
    })

    if (outcome.kind === 'session') return reply.send(outcome.session)
    if (outcome.kind === 'fake') {
      const now = new Date().toISOString()
      return reply.send({
        id: crypto.randomUUID(),
        aud: 'authenticated',
        role: 'authenticated',
        email,
        phone: '',
        confirmation_sent_at: now,
        app_metadata: EMAIL_APP_METADATA,
        user_metadata: userMetadata,
        identities: [],
        created_at: now,
        updated_at: now,
        is_anonymous: false,
      })
    }
    const link = verifyLink(ctx, confirmToken as string, 'signup', redirectTo)
    try {
      await ctx.mailer?.sendConfirmation(email, link)
    } catch (e) {
      req.log.error({ err: e }, 'sending the confirmation e-mail failed')
      throw new AuthError(500, 'unexpected_failure', 'Error sending confirmation email')
    }
    return reply.send(outcome.user)
  })
}
