// Who is calling Storage. Hosted Supabase puts no apikey check in front of /storage/v1
// (decision 031): Storage itself verifies the JWT found in Authorization (or, as Kong's rewrite
// does, the apikey when there is no bearer token), with the session check REST makes too
// (caller/verified-caller.ts). No token at all is an anonymous caller; a bad one is Storage's
// AccessDenied with the verifier's message.
import type { IncomingHttpHeaders } from 'node:http'
import { TokenError } from '../caller/jwt.js'
import { bearerToken, type VerifiedCallers } from '../caller/verified-caller.js'
import { accessDenied } from './errors.js'
import type { Caller } from './queries.js'

const ANON: Caller = { role: 'anon', claims: { role: 'anon' } }

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}

export function createStorageAuthenticator(callers: VerifiedCallers) {
  return async function callerOf(headers: IncomingHttpHeaders): Promise<Caller> {
    let token = bearerToken(headers)
    if (token === undefined || token.startsWith('sb_')) token = one(headers['apikey'])
    // Opaque publishable keys stand for anon; everything else must be a JWT we signed.
    if (token === undefined || token === '' || token.startsWith('sb_publishable_')) return ANON
    try {
      const claims = await callers.claimsFor(token)
      return { role: claims.role, claims }
    } catch (e) {
      if (e instanceof TokenError) throw accessDenied(e.message)
      throw e
    }
  }
}
