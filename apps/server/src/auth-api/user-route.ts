// GET and PUT /auth/v1/user (getUser, updateUser). PUT merges `data` into user_metadata (a null
// value removes the key, as GoTrue does), sets a new password, and changes the e-mail at once
// when sign-ups are auto-confirmed (with SMTP that would need a confirmation flow: refused).
import type { FastifyInstance } from 'fastify'
import { requireUser, sessionNotFound, type AuthContext } from './context.js'
import { AuthError, validationFailed } from './errors.js'
import { checkPassword, hashPassword } from './passwords.js'
import { userJson } from './sessions.js'
import {
  findSession,
  findUserById,
  identitiesOf,
  updateUser,
  withAuthTx,
  type Tx,
  type UserChanges,
} from './store.js'
import { bodyObject, checkEmail, checkMetadata, MAX_METADATA_BYTES } from './validation.js'

const userNotFound = () =>
  new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')

async function currentUser(tx: Tx, sub: string, sessionId: string) {
  if (!(await findSession(tx, sessionId))) throw sessionNotFound()
  const user = await findUserById(tx, sub)
  if (!user) throw userNotFound()
  return user
}

export function registerUser(app: FastifyInstance, ctx: AuthContext) {
  app.get('/user', async (req, reply) => {
    const claims = await requireUser(ctx, req)
    const json = await withAuthTx(ctx.pool, async (tx) => {
      const user = await currentUser(tx, claims.sub, claims.session_id)
      return userJson(user, await identitiesOf(tx, user.id))
    })
    return reply.send(json)
  })

  app.put('/user', async (req, reply) => {
    const claims = await requireUser(ctx, req)
    const body = bodyObject(req.body)
    const data = checkMetadata(body.data)
    const changes: UserChanges = {}
    if (body.password !== undefined) {
      changes.passwordHash = await hashPassword(
        checkPassword(body.password, 'Password update requires a valid password'),
      )
    }
    const newEmail = body.email === undefined ? undefined : checkEmail(body.email)
    const json = await withAuthTx(ctx.pool, async (tx) => {
      const user = await currentUser(tx, claims.sub, claims.session_id)
      if (data) {
        const merged: Record<string, unknown> = { ...user.raw_user_meta_data }
        for (const [k, v] of Object.entries(data)) {
          if (v === null) delete merged[k]
          else merged[k] = v
        }
        if (Buffer.byteLength(JSON.stringify(merged)) > MAX_METADATA_BYTES) {
          throw validationFailed(`user_metadata must not exceed ${MAX_METADATA_BYTES} bytes`)
        }
        changes.userMetadata = merged
      }
      if (newEmail !== undefined && newEmail !== user.email) {
        if (ctx.mailer) {
          throw new AuthError(
            422,
            'email_change_not_supported',
            'Changing the email address is not supported',
          )
        }
        changes.email = newEmail
      }
      const updated = await updateUser(tx, user.id, changes)
      if (!updated) {
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        )
      }
      return userJson(updated, await identitiesOf(tx, updated.id))
    })
    return reply.send(json)
  })
}
