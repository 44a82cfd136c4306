// POST /auth/v1/signup (auth-js signUp). Autoconfirm (no SMTP): the user is confirmed and gets a
// session at once; an address already registered is GoTrue's 422 user_already_exists.
//
// With SMTP, sign-up neither changes an account that exists nor says whether one does:
// - a new address gets its account and a confirmation link;
// - an address that has not confirmed yet gets its pending link again (the same link, while it
//   lasts: the token is derived from the address and the time it was first sent, so the owner's
//   first mail keeps working), never a new password or new metadata;
// - a confirmed address gets no mail.
// All three answer the same user-shaped body, built from what the request sent (the ids are new
// random ones unless the account was just created), and the mail goes out after the answer
// (outbox.ts), so neither the body nor the time tells them apart. Mails are limited per address
// (a 429 for every sign-up from it, whatever the e-mail) and per e-mail (over it, no mail and
// the same answer).
//
// The address's limit is taken first, before the password's strength check and hashing (the
// costly parts), which every sign-up pays whether or not the address is taken.
import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { clientInfo, type AuthContext } from './context.js'
import { setDeviceCookie, signInSource, type SignInSource } from './devices.js'
import { AuthError } from './errors.js'
import {
  SIGN_IN,
  SIGNUP_MAIL,
  SIGNUP_MAIL_IP,
  takeLimits,
  trustSignIn,
  tryTakeLimits,
} from './limits.js'
import { accountWords, checkPassword, checkStrength, hashPassword } from './passwords.js'
import { startSession, userJson } from './sessions.js'
import {
  digest,
  findUserByEmail,
  insertUser,
  renewConfirmation,
  withAuthTx,
  type Tx,
  type UserRow,
} from './store.js'
import { queryValue, queryWith } from '../http/route-schemas.js'
import {
  bodyObject,
  checkedField,
  checkEmail,
  checkMetadata,
  gotrueBody,
  queryParam,
} from './validation.js'
import { CONFIRMATION_MAX_AGE_SECONDS, verifyLink } from './verify-route.js'

const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] }

/**
 * The confirmation token of an address whose confirmation was sent at `sentAt`: the same inputs
 * give the same token, so a pending confirmation can be sent again without being stored.
 */
function confirmationToken(ctx: AuthContext, email: string, sentAt: Date): string {
  return crypto
    .createHmac('sha256', ctx.issuer.jwtSecret)
    .update(`rent-due confirmation\u0000${email}\u0000${sentAt.toISOString()}`)
    .digest('base64url')
}

/** The user-shaped answer of a sign-up waiting for its confirmation. */
function pendingUserJson(
  email: string,
  userMetadata: Record<string, unknown>,
  ids: { user: string; identity: string; createdAt: Date; sentAt: Date },
) {
  const user: UserRow = {
    id: ids.user,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    encrypted_password: '',
    email_confirmed_at: null,
    confirmation_token: null,
    confirmation_sent_at: ids.sentAt,
    last_sign_in_at: null,
    email_change: null,
    email_change_sent_at: null,
    raw_app_meta_data: EMAIL_APP_METADATA,
    raw_user_meta_data: userMetadata,
    is_anonymous: false,
    created_at: ids.createdAt,
    updated_at: ids.createdAt,
  }
  const identityData = {
    ...userMetadata,
    sub: ids.user,
    email,
    email_verified: false,
    phone_verified: false,
  }
  return userJson(user, [
    {
      id: ids.identity,
      provider_id: ids.user,
      user_id: ids.user,
      identity_data: identityData,
      provider: 'email',
      last_sign_in_at: null,
      created_at: ids.createdAt,
      updated_at: ids.createdAt,
    },
  ])
}

/**
 * The token to mail to an account that has not confirmed: its pending one while that lasts,
 * else a new one. Undefined for a confirmed account.
 */
async function pendingToken(ctx: AuthContext, tx: Tx, existing: UserRow, now: Date) {
  if (existing.email_confirmed_at !== null) return undefined
  const sent = existing.confirmation_sent_at
  if (sent !== null && now.getTime() - sent.getTime() < CONFIRMATION_MAX_AGE_SECONDS * 1000) {
    const token = confirmationToken(ctx, existing.email, sent)
    if (digest(token) === existing.confirmation_token) return token
  }
  const token = confirmationToken(ctx, existing.email, now)
  await renewConfirmation(tx, existing.id, { digest: digest(token), sentAt: now })
  return token
}

/** What sign-up reads; the checks are the ones the handler makes, in its order. */
export const signupSchema = {
  querystring: queryWith({ redirect_to: queryValue.optional() }),
  body: gotrueBody({
    email: checkedField(checkEmail),
    password: checkedField((v) => checkPassword(v, 'Signup requires a valid password')),
    data: checkedField(checkMetadata, 'optional'),
  }),
}

export function registerSignup(app: FastifyInstance, ctx: AuthContext) {
  type Route = { Querystring: { redirect_to?: unknown } }
  app.post<Route>('/signup', { schema: signupSchema }, async (req, reply) => {
    await withAuthTx(ctx.pool, (tx) => takeLimits(tx, [[SIGN_IN, ctx.subjects.client(req)]]))
    const body = bodyObject(req.body)
    const email = checkEmail(body.email)
    const password = checkPassword(body.password, 'Signup requires a valid password')
    const userMetadata = checkMetadata(body.data) ?? {}
    const redirectTo = ctx.redirects.orSiteUrl(queryParam(req.query.redirect_to))
    await checkStrength(ctx.passwords, password, accountWords(email, userMetadata))
    const passwordHash = await hashPassword(password)
    if (!ctx.mailer) {
      const source = signInSource(ctx, req, email)
      const session = await signUpConfirmed(ctx, req, source, passwordHash, userMetadata)
      setDeviceCookie(ctx, reply, source)
      return reply.send(session)
    }
    if (ctx.outbox.full) {
      throw new AuthError(
        503,
        'unexpected_failure',
        'Too many e-mails are being sent, please try again shortly.',
        {},
        { 'retry-after': '5' },
      )
    }

    const now = new Date()
    const { answer, mailToken } = await withAuthTx(ctx.pool, async (tx) => {
      await takeLimits(tx, [[SIGNUP_MAIL_IP, ctx.subjects.client(req)]])
      const token = confirmationToken(ctx, email, now)
      const created = await insertUser(tx, {
        email,
        passwordHash,
        userMetadata,
        appMetadata: EMAIL_APP_METADATA,
        confirmed: false,
        confirmation: { digest: digest(token), sentAt: now },
      })
      const ids = created
        ? { user: created.id, identity: crypto.randomUUID(), createdAt: created.created_at }
        : { user: crypto.randomUUID(), identity: crypto.randomUUID(), createdAt: now }
      let mail = created ? token : undefined
      if (!created) {
        const existing = await findUserByEmail(tx, email)
        mail = existing && (await pendingToken(ctx, tx, existing, now))
      }
      const account = ctx.subjects.account(email)
      if (
        mail !== undefined &&
        !(await tryTakeLimits(
          tx,
          SIGNUP_MAIL.map((b) => [b, account]),
        ))
      ) {
        mail = undefined
      }
      return {
        answer: pendingUserJson(email, userMetadata, { ...ids, sentAt: now }),
        mailToken: mail,
      }
    })

    if (mailToken !== undefined) {
      const link = verifyLink(ctx, mailToken, 'signup', redirectTo)
      const mailer = ctx.mailer
      ctx.outbox.send('confirmation e-mail', () => mailer.sendConfirmation(email, link))
    }
    return reply.send(answer)
  })
}

/** Sign-up without SMTP: confirmed at once, with a session; a taken address is refused. */
async function signUpConfirmed(
  ctx: AuthContext,
  req: FastifyRequest,
  source: SignInSource,
  passwordHash: string,
  userMetadata: Record<string, unknown>,
) {
  return withAuthTx(ctx.pool, async (tx) => {
    const created = await insertUser(tx, {
      email: source.email,
      passwordHash,
      userMetadata,
      appMetadata: EMAIL_APP_METADATA,
      confirmed: true,
    })
    if (!created) throw new AuthError(422, 'user_already_exists', 'User already registered')
    await trustSignIn(tx, source.attempt)
    return startSession(tx, ctx.issuer, created.id, 'password', clientInfo(req))
  })
}
