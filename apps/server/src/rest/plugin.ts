// The PostgREST-compatible tables API, mounted by app.ts at /rest/v1. Each request: gateway key
// check and JWT (the caller plugin's gateway rule, caller/plugin.ts), schema profile check, then
// one statement in the caller's role on the REST lane of the pool (a fair share per client:
// db/fair-pool.ts). The server itself never decides who may see a row or how many rows a visitor
// may add; Postgres grants, RLS and the api_limits triggers do (migration 0008).
import zlib from 'node:zlib'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import type { Pool } from 'pg'
import { z } from 'zod'
import type { DbRole } from '../caller/jwt.js'
import { isDatabaseUnavailable } from '../db/unavailable.js'
import {
  CallerRefused,
  callerPlugin,
  gatewayCredential,
  INVALID_API_KEY_BODY,
  NO_API_KEY_BODY,
  type ApiKeys,
} from '../caller/plugin.js'
import {
  anyQuery,
  problemPlace,
  routeInputProblem,
  useRouteSchemas,
} from '../http/route-schemas.js'
import type { VerifiedCallers } from '../caller/verified-caller.js'
import { Catalog } from './catalog.js'
import { checkContentType, checkProfile } from './request-options.js'
import { JSON_TYPE, type RestContext, type RestReply, type TxEnd } from './rest-context.js'
import { databaseUnavailable, RestError, toRestError } from './rest-error.js'
import { callFunction } from './rpc-handler.js'
import { deleteRows, insertRows, readTable, updateRows } from './table-handlers.js'

/** Request bodies above this are refused with 413 before they are read. */
export const MAX_BODY_BYTES = 64 * 1024

export interface RestPluginOptions {
  pool: Pool
  keys: ApiKeys
  /** The one token verifier and session cache (caller/verified-caller.ts). */
  callers: VerifiedCallers
  /** The server Config; only these fields are read. */
  config: { txEnd: TxEnd }
  /** The keyed hash of a client address (http/client-address.ts). */
  hashClient: (ip: string) => string
  /** Subscribes to schema reload requests (NOTIFY pgrst), which drop the cached catalog. */
  onSchemaReload?: (fn: () => void) => void
}

function sendError(reply: FastifyReply, err: RestError): FastifyReply {
  return reply
    .code(err.status)
    .headers({
      ...err.headers,
      'content-type': JSON_TYPE,
      'proxy-status': `PostgREST; error=${err.code}`,
    })
    .send(JSON.stringify(err.body()))
}

/** Kong's answer for a missing or unknown apikey; PostgREST's 401 for a bad token. */
function sendRefusal(reply: FastifyReply, refused: CallerRefused): FastifyReply {
  reply.code(401).header('content-type', JSON_TYPE)
  if (refused.reason === 'no-api-key') return reply.send(JSON.stringify(NO_API_KEY_BODY))
  if (refused.reason !== 'bad-token') return reply.send(JSON.stringify(INVALID_API_KEY_BODY))
  const description = refused.message.replace(/"/g, "'")
  return reply
    .header('www-authenticate', `Bearer error="invalid_token", error_description="${description}"`)
    .send(
      JSON.stringify({ code: refused.code, details: null, hint: null, message: refused.message }),
    )
}

function headerJson(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v
  }
  return out
}

/**
 * What the two REST routes declare. The query string is PostgREST's own grammar, which
 * query-params.ts reads from the raw URL (order and repeats matter there), so the schema only
 * says it is names with one or more text values; the body is the text the parser above kept
 * (null without one), which the handlers parse through http/json-body.ts.
 */
const restBody = z.string().nullable()
const tableParams = z.object({ table: z.string() })
const rpcParams = z.object({ fn: z.string() })
/** Fastify takes no body schema on GET and HEAD, so reads and writes are separate routes. */
const READS: HTTPMethods[] = ['GET', 'HEAD']

type Handler = (ctx: RestContext, name: string) => Promise<RestReply>

/**
 * A server fault is logged at error with its stack; what a client sent (4xx) or a busy database
 * (503 with Retry-After) is routine: one info line with the code, no stack.
 */
function logFailure(req: FastifyRequest, status: number, e: unknown): void {
  if (status >= 500 && status !== 503) {
    req.log.error({ err: e }, 'rest request failed')
    return
  }
  const code = (e as { code?: unknown } | null)?.code
  req.log.info(
    { status, code: typeof code === 'string' ? code : undefined },
    `rest request refused: ${(e as Error | null)?.message ?? 'unknown'}`.slice(0, 300),
  )
}

/**
 * Compresses a JSON answer here: @fastify/compress leaves any response with a Content-Range
 * alone (right for 206 byte ranges, but PostgREST's `0-9/*` describes rows), which left every
 * list the site reads uncompressed. Same threshold and encodings as app.ts.
 */
function compressed(req: FastifyRequest, reply: FastifyReply, body: string): string | Buffer {
  const accept = req.headers['accept-encoding'] ?? ''
  if (Buffer.byteLength(body) < 1024 || reply.hasHeader('content-encoding')) return body
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined
  if (!encoding) return body
  reply.header('content-encoding', encoding).header('vary', 'accept-encoding')
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.gzipSync(body)
}

export const restPlugin: FastifyPluginAsync<RestPluginOptions> = async (app, opts) => {
  const catalog = new Catalog(opts.pool, 'public')
  opts.onSchemaReload?.(() => catalog.invalidate())
  useRouteSchemas(app)
  await app.register(callerPlugin, { callers: opts.callers, rule: gatewayCredential(opts.keys) })

  // Bodies are kept as text: the handlers parse them so bad JSON is PostgREST's PGRST102.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    (_req, body, done) => done(null, body),
  )

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const problem = routeInputProblem(error)
    if (problem) {
      logFailure(req, 400, error)
      return sendError(
        reply,
        new RestError(400, 'PGRST100', `Invalid ${problemPlace(problem)}: ${problem.message}`),
      )
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(
        reply,
        new RestError(
          413,
          'PT413',
          'Payload too large',
          `The request body exceeds ${MAX_BODY_BYTES} bytes.`,
        ),
      )
    }
    const status = error.statusCode ?? 500
    logFailure(req, status, error)
    return sendError(
      reply,
      new RestError(
        status,
        status >= 500 ? 'PGRST000' : 'PGRST100',
        status >= 500 ? 'Internal server error' : error.message,
      ),
    )
  })

  app.setNotFoundHandler((req, reply) =>
    sendError(
      reply,
      new RestError(404, 'PGRST125', `Invalid path specified in request URL`, null, null),
    ),
  )

  async function serve(
    req: FastifyRequest,
    reply: FastifyReply,
    name: string,
    kind: 'table' | 'rpc',
    handler: Handler,
  ): Promise<FastifyReply> {
    let role: DbRole = 'anon'
    try {
      const url = req.raw.url ?? ''
      const q = url.indexOf('?')
      const search = q < 0 ? '' : url.slice(q + 1)
      const identity = await req.caller().catch((e: unknown) => {
        if (e instanceof CallerRefused) return e
        throw e
      })
      if (identity instanceof CallerRefused) return sendRefusal(reply, identity)
      role = identity.role
      const reading = req.method === 'GET' || req.method === 'HEAD'
      checkProfile(reading ? req.headers['accept-profile'] : req.headers['content-profile'])
      checkContentType(req.method, req.headers['content-type'])
      const ctx: RestContext = {
        pool: opts.pool,
        catalog,
        identity,
        method: req.method,
        path: kind === 'rpc' ? `/rpc/${name}` : `/${name}`,
        search,
        headers: req.headers,
        headerJson: headerJson(req),
        body: typeof req.body === 'string' ? req.body : undefined,
        ipHash: opts.hashClient(req.ip),
        txEnd: opts.config.txEnd,
      }
      const result = await handler(ctx, name)
      reply.code(result.status).headers(result.headers)
      if (result.body === null) return reply.send()
      return reply.send(req.method === 'HEAD' ? result.body : compressed(req, reply, result.body))
    } catch (e) {
      const err = isDatabaseUnavailable(e) ? databaseUnavailable() : toRestError(e, role)
      logFailure(req, err.status, e)
      return sendError(reply, err)
    }
  }

  const tableHandlers: Record<string, Handler> = {
    GET: readTable,
    HEAD: readTable,
    POST: insertRows,
    PATCH: updateRows,
    DELETE: deleteRows,
  }

  const routeReadsAndWrites = (
    url: string,
    params: typeof tableParams | typeof rpcParams,
    writes: HTTPMethods[],
    handler: (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
  ) => {
    for (const methods of [READS, writes]) {
      const schema = { params, querystring: anyQuery }
      app.route({
        method: methods,
        url,
        bodyLimit: MAX_BODY_BYTES,
        schema: methods === READS ? schema : { ...schema, body: restBody },
        handler,
      })
    }
  }
  routeReadsAndWrites('/:table', tableParams, ['POST', 'PATCH', 'DELETE'], (req, reply) => {
    const { table } = req.params as { table: string }
    return serve(req, reply, table, 'table', tableHandlers[req.method] as Handler)
  })
  routeReadsAndWrites('/rpc/:fn', rpcParams, ['POST'], (req, reply) =>
    serve(req, reply, (req.params as { fn: string }).fn, 'rpc', callFunction),
  )
}
