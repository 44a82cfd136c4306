// Who is calling: the gateway rules Supabase's Kong applies before PostgREST (apikey header or
// ?apikey= must be one of our two keys; `Authorization: Bearer sb_…` is ignored; no bearer token
// means the apikey's own role), then PostgREST's JWT check, with the session check of
// verified-caller.ts (shared with Storage).
import { TokenError, type Claims, type DbRole } from './jwt.js'
import { bearerToken, type VerifiedCallers } from './verified-caller.js'

export interface ApiKeys {
  jwtSecret: Uint8Array
  anonKey: string
  serviceRoleKey: string
}

export interface RequestIdentity {
  role: DbRole
  claims: Claims
}

export interface AuthFailure {
  status: 401
  body: Record<string, unknown>
  headers: Record<string, string>
}

export type AuthResult =
  { ok: true; identity: RequestIdentity } | { ok: false; failure: AuthFailure }

/** Kong's key-auth answers (supabase docker/volumes/api/kong.yml). */
export const NO_API_KEY_BODY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
}
export const INVALID_API_KEY_BODY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
}

function looksLikeJwt(key: string): boolean {
  return key.split('.').length === 3
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}

export function createRequestAuthenticator(keys: ApiKeys, callers: VerifiedCallers) {
  const claimsFor = (token: string) => callers.claimsFor(token)

  /** Opaque (non-JWT) keys stand for their role directly, as sb_publishable_/sb_secret_ keys do. */
  async function keyIdentity(apikey: string, role: DbRole): Promise<RequestIdentity> {
    if (!looksLikeJwt(apikey)) return { role, claims: { role } }
    const claims = await claimsFor(apikey)
    return { role: claims.role, claims }
  }

  return async function authenticate(
    headers: Record<string, string | string[] | undefined>,
    queryApiKey: string | undefined,
  ): Promise<AuthResult> {
    const apikey = headerValue(headers['apikey']) ?? queryApiKey
    if (apikey === undefined || apikey === '') {
      return { ok: false, failure: { status: 401, body: NO_API_KEY_BODY, headers: {} } }
    }
    let keyRole: DbRole
    if (apikey === keys.anonKey) keyRole = 'anon'
    else if (apikey === keys.serviceRoleKey) keyRole = 'service_role'
    else return { ok: false, failure: { status: 401, body: INVALID_API_KEY_BODY, headers: {} } }

    const bearer = bearerToken(headers)
    try {
      if (bearer === undefined || bearer.startsWith('sb_')) {
        return { ok: true, identity: await keyIdentity(apikey, keyRole) }
      }
      const claims = await claimsFor(bearer)
      return { ok: true, identity: { role: claims.role, claims } }
    } catch (e) {
      if (!(e instanceof TokenError)) throw e
      const description = e.message.replace(/"/g, "'")
      return {
        ok: false,
        failure: {
          status: 401,
          body: { code: e.code, details: null, hint: null, message: e.message },
          headers: {
            'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
          },
        },
      }
    }
  }
}

export type RequestAuthenticator = ReturnType<typeof createRequestAuthenticator>
