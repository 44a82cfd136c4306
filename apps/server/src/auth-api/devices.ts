// The device cookie: a random value the auth API gives a browser when it signs in, so that the
// account's failed sign-ins from elsewhere never hold that browser back (limits.ts). It names no
// account and carries no right: it is stored only as a keyed hash, next to the accounts it has
// signed in to. HttpOnly, scoped to /auth/v1, SameSite=Lax (a confirmation link opened from a
// mail client is a cross-site navigation). Browsers send it only when the API is on the site's own
// origin; elsewhere the address a browser signed in from plays the same part.
import crypto from 'node:crypto'
import { parse, serialize } from 'cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AuthContext } from './context.js'
import type { PasswordAttempt } from './limits.js'

export const DEVICE_COOKIE = 'rd_device'
const VALUE = /^[A-Za-z0-9_-]{22}$/
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/** The device cookie sent with this request, when it is one of ours. */
function deviceOf(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie
  if (header === undefined || header.length > 8192) return undefined
  const value = parse(header)[DEVICE_COOKIE]
  return value !== undefined && VALUE.test(value) ? value : undefined
}

export interface SignInSource {
  email: string
  attempt: PasswordAttempt
  /** A new device value to set once the sign-in succeeds (the request had none). */
  newDevice: string | undefined
}

/** The account an attempt is on, and the device and address it comes from. */
export function signInSource(ctx: AuthContext, req: FastifyRequest, email: string): SignInSource {
  const sent = deviceOf(req)
  const device = sent ?? crypto.randomBytes(16).toString('base64url')
  return {
    email,
    attempt: {
      account: ctx.subjects.account(email),
      from: [`d:${ctx.subjects.device(device)}`, `a:${ctx.subjects.client(req)}`],
    },
    newDevice: sent === undefined ? device : undefined,
  }
}

/** Gives the browser its device cookie after a sign-in, when it had none. */
export function setDeviceCookie(ctx: AuthContext, reply: FastifyReply, source: SignInSource) {
  if (source.newDevice === undefined) return
  reply.header(
    'set-cookie',
    serialize(DEVICE_COOKIE, source.newDevice, {
      httpOnly: true,
      secure: ctx.publicBase.startsWith('https:'),
      sameSite: 'lax',
      path: '/auth/v1',
      maxAge: ONE_YEAR_SECONDS,
    }),
  )
}
