// The GoTrue-compatible Auth API, mounted by app.ts at /auth/v1. The gateway rule comes first
// (apikey header or ?apikey= must be one of our keys; /verify is open, as in Supabase's Kong),
// then the route. All auth data is read and written as supabase_auth_admin over the API pool
// (store.ts, docs/decisions/090). Every answer carries X-Supabase-Api-Version so auth-js reads
// error codes. A refusal of what the client sent (4xx) is logged at info, without a stack; only
// our own failures (5xx) are errors.
import type { FastifyPluginAsync } from 'fastify'
import type { Pool } from 'pg'
import {
  bearerCredential,
  callerPlugin,
  gatewayKey,
  INVALID_API_KEY_BODY,
  NO_API_KEY_BODY,
} from '../caller/plugin.js'
import type { Config } from '../config.js'
import { ClientBusyError, DatabaseBusyError } from '../db/fair-pool.js'
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js'
import { JsonBodyError, MAX_JSON_DEPTH, parseJson } from '../http/json-body.js'
import { problemPlace, routeInputProblem, useRouteSchemas } from '../http/route-schemas.js'
import type { Keys } from '../keys.js'
import type { VerifiedCallers } from '../caller/verified-caller.js'
import type { AuthContext } from './context.js'
import {
  API_VERSION,
  AuthError,
  overRequestRateLimit,
  sendAuthError,
  validationFailed,
} from './errors.js'
import { registerLogout } from './logout-route.js'
import { authRateLimitWriter, DEFAULT_AUTH_RATE_LIMIT, limitSubjects } from './limits.js'
import { createMailer } from './mailer.js'
import { MailOutbox } from './outbox.js'
import { PasswordStrength } from './password-strength.js'
import { RedirectAllowList } from './redirects.js'
import { registerSettings } from './settings-route.js'
import { registerSignup } from './signup-route.js'
import { registerToken } from './token-route.js'
import { registerUser } from './user-route.js'
import { registerVerify } from './verify-route.js'

export const AUTH_BODY_LIMIT = 64 * 1024

export interface AuthPluginOptions {
  /** The API pool (authenticator); the plugin switches to supabase_auth_admin per transaction. */
  pool: Pool
  keys: Keys
  config: Pick<
    Config,
    'siteUrl' | 'publicSupabaseUrl' | 'additionalRedirectUrls' | 'smtp' | 'authRateLimit'
  >
  /**
   * The one token verifier and session cache (caller/verified-caller.ts): this API's routes read
   * the caller from it, and it is told at once when this API ends a user's sessions.
   */
  callers: VerifiedCallers
}

const OPEN_ROUTES = new Set(['/verify'])

export const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, opts) => {
  const { config, keys } = opts
  const publicBase = config.publicSupabaseUrl ?? config.siteUrl
  // The limits themselves live in api_limits.rules (migration 0010); AUTH_RATE_LIMIT is written
  // there as the server starts (or, if the database is down then, before the first request that
  // counts), so every process of one deployment must share that setting.
  const writeRateLimit = authRateLimitWriter(
    opts.pool,
    config.authRateLimit ?? DEFAULT_AUTH_RATE_LIMIT,
  )
  await writeRateLimit().catch((e: unknown) => {
    app.log.warn({ err: e }, 'AUTH_RATE_LIMIT not written yet: the database did not answer')
  })
  const ctx: AuthContext = {
    pool: opts.pool,
    issuer: { jwtSecret: keys.jwtSecret, issuer: `${publicBase}/auth/v1` },
    subjects: limitSubjects(keys.jwtSecret),
    passwords: new PasswordStrength(),
    redirects: new RedirectAllowList(config.siteUrl, config.additionalRedirectUrls),
    mailer: config.smtp ? createMailer(config.smtp) : undefined,
    outbox: new MailOutbox(app.log),
    sessionsChanged: (userId) => opts.callers.userChanged(userId),
    publicBase,
  }

  useRouteSchemas(app)
  await app.register(callerPlugin, { callers: opts.callers, rule: bearerCredential })
  app.addHook('onClose', async () => {
    await ctx.outbox.drain()
    await ctx.passwords.close()
  })
  // Every POST and PUT of this API counts against a limit (or ends a session: harmless here).
  app.addHook('preHandler', async (req) => {
    if (req.method === 'POST' || req.method === 'PUT') await writeRateLimit()
  })

  // auth-js sends Content-Type: application/json with an empty body on logout: read that as {}.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: AUTH_BODY_LIMIT },
    (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      if (text.trim() === '') return done(null, undefined)
      // Size bounded by bodyLimit; nesting and __proto__ keys by the one reader.
      let value: unknown
      try {
        value = parseJson(text)
      } catch (e) {
        const tooDeep = e instanceof JsonBodyError && e.problem === 'too-deep'
        return done(
          tooDeep
            ? validationFailed(
                `The request body must not be nested more than ${MAX_JSON_DEPTH} levels deep`,
              )
            : badJson(),
          undefined,
        )
      }
      done(null, value)
    },
  )

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-supabase-api-version', API_VERSION)
    return payload
  })

  app.addHook('onRequest', async (req, reply) => {
    const path = (req.raw.url ?? '').split('?', 1)[0]?.slice(app.prefix.length) ?? ''
    if (OPEN_ROUTES.has(path) || req.method === 'OPTIONS') return
    const header = req.headers.apikey
    const apikey =
      (Array.isArray(header) ? header[0] : header) ??
      (req.query as Record<string, string | undefined> | undefined)?.apikey
    const keyRole = gatewayKey(apikey, keys)
    if (keyRole === 'no-api-key') return reply.code(401).send(NO_API_KEY_BODY)
    if (keyRole === 'invalid-api-key') return reply.code(401).send(INVALID_API_KEY_BODY)
  })

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const answer = asAuthError(error)
    if (answer.status < 500) {
      req.log.info(
        { status: answer.status, code: answer.code },
        `auth request refused: ${answer.message}`,
      )
    } else {
      req.log.error({ err: error }, 'auth request failed')
    }
    return sendAuthError(req, reply, answer)
  })

  app.setNotFoundHandler((req, reply) =>
    sendAuthError(req, reply, new AuthError(404, 'not_found', 'Not found')),
  )

  registerSignup(app, ctx)
  registerToken(app, ctx)
  registerUser(app, ctx)
  registerLogout(app, ctx)
  registerVerify(app, ctx)
  registerSettings(app, ctx)
}

/** What to answer for an error thrown by a route or by Fastify's body handling. */
function asAuthError(error: Error & { statusCode?: number; code?: string }): AuthError {
  if (error instanceof AuthError) return error
  // A route schema's refusal: the route's own check's error when the schema ran it
  // (validation.ts checkedField), else GoTrue's validation_failed naming the field.
  const problem = routeInputProblem(error)
  if (problem) {
    const own = problem.params.authError
    if (own instanceof AuthError) return own
    return validationFailed(`${problemPlace(problem)}: ${problem.message}`)
  }
  // The pool's fair share (db/fair-pool.ts): a client over its share, or no connection free.
  if (error instanceof ClientBusyError) {
    return overRequestRateLimit(error.retryAfterSeconds)
  }
  if (error instanceof DatabaseBusyError) {
    return new AuthError(
      503,
      'unexpected_failure',
      'The service is busy; try again shortly',
      {},
      { 'retry-after': String(error.retryAfterSeconds) },
    )
  }
  // The database is down or restarting (db/unavailable.ts): a missing dependency, not our bug.
  if (isDatabaseUnavailable(error)) {
    return new AuthError(
      503,
      'unexpected_failure',
      'The auth service cannot reach its database, please try again shortly.',
      {},
      { 'retry-after': String(DB_RETRY_AFTER_SECONDS) },
    )
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AuthError(413, 'request_too_large', 'Request body too large')
  }
  const status = error.statusCode ?? 500
  if (status >= 500) return new AuthError(500, 'unexpected_failure', 'Unexpected failure')
  // Fastify's and the JSON engine's own words never reach a client.
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return validationFailed('The request body must be application/json')
  }
  return badJson()
}

const badJson = () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON')
