// GET and PUT /auth/v1/user (getUser, updateUser). Both refuse an access token whose session has
// ended (signed out, or revoked by refresh-token reuse). PUT merges `data` into user_metadata (a
// null value removes the key, as GoTrue does), sets a new password, and changes the e-mail: at
// once when sign-ups are auto-confirmed (no SMTP), else by a link mailed to the new address
// (verify-route.ts). PUT is limited per user and per address.
//
// Reauthentication: a new password or e-mail needs the current password in the body
// (`current_password`, as auth-js's updateUser sends it) or a sign-in within the last
// REAUTHENTICATION_SECONDS (the session's start). A wrong current password counts as a failed
// sign-in of the account (unless it comes from a device that has signed in to it: limits.ts). A new password also ends the user's other sessions, as GoTrue does.
import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requireUser, sessionNotFound, type AuthContext } from './context.js'
import { AuthError, validationFailed } from './errors.js'
import { signInSource } from './devices.js'
import {
  beginPasswordAttempt,
  refundPasswordAttempt,
  takeLimits,
  USER_UPDATE,
  USER_UPDATE_IP,
} from './limits.js'
import {
  accountWords,
  checkPassword,
  checkStrength,
  hashPassword,
  verifyPassword,
} from './passwords.js'
import { userJson } from './sessions.js'
import {
  deleteSessions,
  digest,
  findSession,
  findUserById,
  identitiesOf,
  requestEmailChange,
  updateUser,
  withAuthTx,
  type SessionState,
  type Tx,
  type UserChanges,
  type UserRow,
} from './store.js'
import {
  bodyObject,
  checkEmail,
  checkedField,
  checkMetadata,
  gotrueBody,
  MAX_METADATA_BYTES,
  queryParam,
} from './validation.js'
import { verifyLink } from './verify-route.js'
import { anyQuery, queryValue, queryWith } from '../http/route-schemas.js'

/** How long after a sign-in its session may change the password or e-mail without proof. */
export const REAUTHENTICATION_SECONDS = 5 * 60

const userNotFound = () =>
  new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered')

async function currentUser(tx: Tx, sub: string, sessionId: string) {
  const session = await findSession(tx, sessionId)
  if (!session || session.user_id !== sub) throw sessionNotFound()
  const user = await findUserById(tx, sub)
  if (!user) throw userNotFound()
  return { user, session }
}

/** `current_password`: absent (undefined, null or ''), or a string. */
function currentPasswordOf(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw validationFailed('current_password must be a string')
  return value
}

/** GoTrue's texts (one for both codes); an e-mail change alone gets its own words. */
function reauthenticationMessage(changingPassword: boolean) {
  return changingPassword
    ? 'Current password required when setting new password.'
    : 'Current password required when changing the email address.'
}

async function reauthenticate(
  ctx: AuthContext,
  req: FastifyRequest,
  user: UserRow,
  session: SessionState,
  currentPassword: string | undefined,
  changingPassword: boolean,
): Promise<void> {
  const message = reauthenticationMessage(changingPassword)
  if (currentPassword === undefined) {
    if (session.seconds_since_sign_in <= REAUTHENTICATION_SECONDS) return
    throw new AuthError(400, 'current_password_required', message)
  }
  // Checked like a sign-in: unknown devices reserve a place among the failures first.
  const { attempt } = signInSource(ctx, req, user.email)
  const known = await withAuthTx(ctx.pool, (tx) => beginPasswordAttempt(tx, attempt))
  if (!(await verifyPassword(user.encrypted_password, currentPassword))) {
    // GoTrue's constant is ErrorCodeCurrentPasswordMismatch; the code it sends is this one.
    throw new AuthError(400, 'current_password_invalid', message)
  }
  if (!known) await withAuthTx(ctx.pool, (tx) => refundPasswordAttempt(tx, attempt))
}

function mergeMetadata(current: Record<string, unknown>, data: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...current }
  for (const [k, v] of Object.entries(data)) {
    if (v === null) delete merged[k]
    else merged[k] = v
  }
  if (Buffer.byteLength(JSON.stringify(merged)) > MAX_METADATA_BYTES) {
    throw validationFailed(`user_metadata must not exceed ${MAX_METADATA_BYTES} bytes`)
  }
  return merged
}

/** What PUT /user reads; the checks are the ones the handler makes, in its order. */
export const updateUserSchema = {
  querystring: queryWith({ redirect_to: queryValue.optional() }),
  body: gotrueBody({
    data: checkedField(checkMetadata, 'optional'),
    password: checkedField(
      (v) => checkPassword(v, 'Password update requires a valid password'),
      'optional',
    ),
    email: checkedField(checkEmail, 'optional'),
    current_password: checkedField(currentPasswordOf, 'optional'),
  }),
}

export function registerUser(app: FastifyInstance, ctx: AuthContext) {
  app.get('/user', { schema: { querystring: anyQuery } }, async (req, reply) => {
    const claims = await requireUser(req)
    const json = await withAuthTx(ctx.pool, async (tx) => {
      const { user } = await currentUser(tx, claims.sub, claims.session_id)
      return userJson(user, await identitiesOf(tx, user.id))
    })
    return reply.send(json)
  })

  const schema = updateUserSchema
  app.put<{ Querystring: { redirect_to?: unknown } }>('/user', { schema }, async (req, reply) => {
    const claims = await requireUser(req)
    const body = bodyObject(req.body)
    const data = checkMetadata(body.data)
    const password =
      body.password === undefined
        ? undefined
        : checkPassword(body.password, 'Password update requires a valid password')
    const newEmail = body.email === undefined ? undefined : checkEmail(body.email)
    const currentPassword = currentPasswordOf(body.current_password)
    const redirectTo = ctx.redirects.orSiteUrl(queryParam(req.query.redirect_to))

    const { user, session } = await withAuthTx(ctx.pool, async (tx) => {
      const found = await currentUser(tx, claims.sub, claims.session_id)
      await takeLimits(tx, [
        [USER_UPDATE, found.user.id],
        [USER_UPDATE_IP, ctx.subjects.client(req)],
      ])
      return found
    })
    const changingEmail = newEmail !== undefined && newEmail !== user.email
    if (password !== undefined) {
      const metadata = { ...user.raw_user_meta_data, ...data }
      await checkStrength(ctx.passwords, password, accountWords(newEmail ?? user.email, metadata))
    }
    if (password !== undefined || changingEmail) {
      await reauthenticate(ctx, req, user, session, currentPassword, password !== undefined)
    }
    if (password !== undefined && (await verifyPassword(user.encrypted_password, password))) {
      throw new AuthError(
        422,
        'same_password',
        'New password should be different from the old password.',
      )
    }

    const changes: UserChanges = {}
    if (password !== undefined) changes.passwordHash = await hashPassword(password)
    const emailToken =
      changingEmail && ctx.mailer ? crypto.randomBytes(32).toString('base64url') : undefined
    const json = await withAuthTx(ctx.pool, async (tx) => {
      const { user: fresh } = await currentUser(tx, claims.sub, claims.session_id)
      if (data) changes.userMetadata = mergeMetadata(fresh.raw_user_meta_data, data)
      if (changingEmail && emailToken === undefined) changes.email = newEmail
      let updated = await updateUser(tx, fresh.id, changes)
      if (!updated) throw emailExists()
      if (emailToken !== undefined) {
        updated = await requestEmailChange(tx, fresh.id, newEmail as string, digest(emailToken))
        if (!updated) throw emailExists()
      }
      if (password !== undefined) await deleteSessions(tx, fresh.id, 'others', session.id)
      return userJson(updated, await identitiesOf(tx, updated.id))
    })
    if (password !== undefined) ctx.sessionsChanged(claims.sub)
    if (emailToken !== undefined) {
      await mailEmailChange(ctx, req, newEmail as string, emailToken, redirectTo)
    }
    return reply.send(json)
  })
}

async function mailEmailChange(
  ctx: AuthContext,
  req: FastifyRequest,
  to: string,
  token: string,
  redirectTo: string | undefined,
) {
  const link = verifyLink(ctx, token, 'email_change', redirectTo)
  try {
    await ctx.mailer?.sendEmailChange(to, link)
  } catch (e) {
    req.log.error({ err: e }, 'sending the e-mail change confirmation failed')
    throw new AuthError(500, 'unexpected_failure', 'Error sending email change email')
  }
}
