// The one way every API learns who is calling: `await req.caller()`, the verified caller of this
// request, worked out on first use and then remembered for the rest of the request. Each API
// registers this plugin in its own scope with its rule for which credential counts:
//   - REST (`gatewayCredential`): Supabase's Kong gateway first (the apikey header or ?apikey=
//     must be one of our two keys; `Authorization: Bearer sb_…` is ignored; no bearer token means
//     the apikey's own role), then PostgREST's JWT check with the session check;
//   - Storage (`storageCredential`): no apikey check (decision 031); the bearer token, else the
//     apikey as Kong's rewrite does; none at all, or an opaque publishable key, is anon;
//   - the auth API (`bearerCredential`): the bearer token only, its signature and expiry (GoTrue
//     looks the session up itself, and signing out of an ended session still succeeds).
// Every token goes through the one verifier and cache of verified-caller.ts. A refusal is a
// CallerRefused; each API turns it into its own error body.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { TokenError, type Claims, type DbRole } from './jwt.js'
import { bearerToken, type VerifiedCallers } from './verified-caller.js'

/** Who is calling: the database role to run as and the claims it sees. */
export interface Caller {
  role: DbRole
  claims: Claims
}

export interface ApiKeys {
  jwtSecret: Uint8Array
  anonKey: string
  serviceRoleKey: string
}

/** What an API's rule makes of a request's headers. */
export type Credential =
  /** Verify this token; `session`: also check that its session lasts (app_metadata of now). */
  | { token: string; session: boolean }
  /** Known without verifying anything (no token, or an opaque key). */
  | { caller: Caller }
  | { refused: 'no-api-key' | 'invalid-api-key' | 'no-token' }

export type CredentialRule = (req: FastifyRequest) => Credential

/** Why a request has no caller; `code` is PostgREST's for a bad token. */
export class CallerRefused extends Error {
  constructor(
    readonly reason: 'no-api-key' | 'invalid-api-key' | 'no-token' | 'bad-token',
    message: string,
    readonly code?: TokenError['code'],
  ) {
    super(message)
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller of this request, by this API's rule; rejects with CallerRefused. */
    caller(): Promise<Caller>
  }
}

export interface CallerPluginOptions {
  /** The process's one token verifier and session cache (app.ts). */
  callers: VerifiedCallers
  rule: CredentialRule
}

/** Kong's key-auth answers (supabase docker/volumes/api/kong.yml), for REST and the auth API. */
export const NO_API_KEY_BODY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
}
export const INVALID_API_KEY_BODY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
}

const REFUSALS = {
  'no-api-key': NO_API_KEY_BODY.message,
  'invalid-api-key': INVALID_API_KEY_BODY.message,
  'no-token': 'This endpoint requires a valid Bearer token',
} as const

async function resolve(req: FastifyRequest, opts: CallerPluginOptions): Promise<Caller> {
  const credential = opts.rule(req)
  if ('refused' in credential) {
    throw new CallerRefused(credential.refused, REFUSALS[credential.refused])
  }
  if ('caller' in credential) return credential.caller
  try {
    const claims = credential.session
      ? await opts.callers.claimsFor(credential.token)
      : await opts.callers.signedClaims(credential.token)
    return { role: claims.role, claims }
  } catch (e) {
    if (e instanceof TokenError) throw new CallerRefused('bad-token', e.message, e.code)
    throw e
  }
}

const plugin: FastifyPluginAsync<CallerPluginOptions> = async (app, opts) => {
  // One answer per request, kept beside it rather than on it (a decorated object would be shared).
  const known = new WeakMap<FastifyRequest, Promise<Caller>>()
  app.decorateRequest('caller', function (this: FastifyRequest) {
    let answer = known.get(this)
    if (answer === undefined) {
      answer = resolve(this, opts)
      known.set(this, answer)
    }
    return answer
  })
}

/** Registered by each API in its own scope (fastify-plugin: the decoration is the API's). */
export const callerPlugin = fp(plugin, { fastify: '5.x' })

const ANON: Caller = { role: 'anon', claims: { role: 'anon' } }

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}

function looksLikeJwt(key: string): boolean {
  return key.split('.').length === 3
}

/** The apikey header, else ?apikey= of the URL, as Kong reads it. */
export function apiKeyOf(req: FastifyRequest): string | undefined {
  const header = one(req.headers['apikey'])
  if (header !== undefined) return header
  const url = req.raw.url ?? ''
  const q = url.indexOf('?')
  return q < 0 ? undefined : (new URLSearchParams(url.slice(q + 1)).get('apikey') ?? undefined)
}

/** Kong's key check: the role of the request's apikey, or why it is refused. */
export function gatewayKey(
  apikey: string | undefined,
  keys: ApiKeys,
): DbRole | 'no-api-key' | 'invalid-api-key' {
  if (apikey === undefined || apikey === '') return 'no-api-key'
  if (apikey === keys.anonKey) return 'anon'
  if (apikey === keys.serviceRoleKey) return 'service_role'
  return 'invalid-api-key'
}

/** REST: the gateway's key check, then the bearer token (or the key itself) with its session. */
export function gatewayCredential(keys: ApiKeys): CredentialRule {
  return (req) => {
    const apikey = apiKeyOf(req)
    const keyRole = gatewayKey(apikey, keys)
    if (keyRole === 'no-api-key' || keyRole === 'invalid-api-key') return { refused: keyRole }
    const bearer = bearerToken(req.headers)
    if (bearer !== undefined && !bearer.startsWith('sb_')) return { token: bearer, session: true }
    // Opaque (non-JWT) keys stand for their role directly, as sb_publishable_/sb_secret_ keys do.
    if (!looksLikeJwt(apikey as string))
      return { caller: { role: keyRole, claims: { role: keyRole } } }
    return { token: apikey as string, session: true }
  }
}

/** Storage: the bearer token, else the apikey; nothing (or a publishable key) is anon. */
export const storageCredential: CredentialRule = (req) => {
  let token = bearerToken(req.headers)
  if (token === undefined || token.startsWith('sb_')) token = one(req.headers['apikey'])
  if (token === undefined || token === '' || token.startsWith('sb_publishable_')) {
    return { caller: ANON }
  }
  return { token, session: true }
}

/** The auth API: the bearer token alone, checked for its signature and expiry. */
export const bearerCredential: CredentialRule = (req) => {
  const token = bearerToken(req.headers)
  return token === undefined ? { refused: 'no-token' } : { token, session: false }
}
