// CORS for the Supabase API prefixes, as PostgREST and GoTrue answer it
// (docs/api-coverage.md#cors): any origin (no cookies are involved), preflights answered 204
// echoing the requested headers, and the headers supabase-js must read exposed on every response,
// errors included.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'

export interface CorsOptions {
  /** Path prefixes that get CORS, e.g. ['/rest/v1', '/auth/v1', '/storage/v1']. */
  prefixes: string[]
}

export const CORS_ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD'
export const CORS_EXPOSE_HEADERS = [
  'Content-Range',
  'X-Supabase-Api-Version',
  'Content-Location',
  'Location',
  'Content-Type',
  'Content-Length',
  'ETag',
  'Accept-Ranges',
].join(', ')
// Used when a preflight names no headers: what supabase-js sends.
const DEFAULT_ALLOW_HEADERS =
  'authorization, apikey, x-client-info, content-type, accept, accept-profile, content-profile, ' +
  'prefer, range, x-upsert, cache-control, x-metadata, x-supabase-api-version, x-retry-count'

export function matchesPrefix(url: string, prefixes: string[]): boolean {
  const p = url.split('?', 1)[0] ?? ''
  return prefixes.some((prefix) => p === prefix || p.startsWith(prefix + '/'))
}

const cors: FastifyPluginAsync<CorsOptions> = async (app, opts) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!matchesPrefix(request.url, opts.prefixes)) return
    reply.header('Access-Control-Allow-Origin', '*')
    reply.header('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS)
    // The API is meant to be called from other origins (a site on a CDN): let them embed media.
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin')
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      const requested = request.headers['access-control-request-headers']
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', CORS_ALLOW_METHODS)
        .header('Access-Control-Allow-Headers', requested || DEFAULT_ALLOW_HEADERS)
        .header('Access-Control-Max-Age', '86400')
        .header('Vary', 'Access-Control-Request-Headers')
        .send()
    }
  })
}

export const corsPlugin = fp(cors, { name: 'rent-due-cors', fastify: '5.x' })
