// buildApp(deps): the whole HTTP application without listening, so tests run the real thing
// in-process over HTTP. Order matters: CORS and security headers first (they must be on every
// response, errors included), then compression, then the API plugins, the health check, and the
// static site last, because its not-found handler is the SPA fallback.
import compress from '@fastify/compress'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import { authPlugin } from './auth-api/plugin.js'
import { databaseSessions, listenForSessionEvents } from './caller/session-events.js'
import { createVerifiedCallers } from './caller/verified-caller.js'
import type { Config } from './config.js'
import { requestClient } from './db/fair-pool.js'
import type { ApiPool } from './db/pools.js'
import { listenForContentChanges } from './db/content-changes.js'
import { listenForSchemaReload } from './db/schema-reload.js'
import { clientKey, createClientHasher } from './http/client-address.js'
import { limitConnections, trustsPeer } from './http/connection-limits.js'
import { corsPlugin } from './http/cors.js'
import { createFrontDoor } from './http/front-door.js'
import { registerHealth } from './http/health.js'
import { loggerOptions } from './http/log-redaction.js'
import { changedDependency, writtenDependency } from './http/page-dependencies.js'
import { createPageReads } from './http/page-reads.js'
import { registerSecurityHeaders } from './http/security-headers.js'
import { DEFAULT_PAGE_SERVING } from './http/page-server.js'
import { inlineScriptHashes, registerStaticSite } from './http/static-site.js'
import type { Keys } from './keys.js'
import { registerNewsletterRoutes } from './newsletter/routes.js'
import { linkSigner } from './newsletter/tokens.js'
import { restPlugin } from './rest/plugin.js'
import { storagePlugin } from './storage/plugin.js'

export const API_PREFIXES = ['/rest/v1', '/auth/v1', '/storage/v1']

export interface AppDeps {
  config: Config
  keys: Keys
  /** The API pool (logs in as authenticator; REST lane, and `core` for the rest). Never a superuser pool. */
  pool: ApiPool
}

/** The service role (operators, tests) is not capped per client; everyone else is. */
function isServiceCall(headers: Record<string, unknown>, query: string, serviceKey: string) {
  const apikey = headers['apikey'] ?? new URLSearchParams(query).get('apikey')
  const auth = headers['authorization']
  return apikey === serviceKey && (auth === undefined || auth === `Bearer ${serviceKey}`)
}

/** TRUST_PROXY=<n>: trust the n proxies nearest to us (Fastify's types lack the number form). */
function hopCount(n: number) {
  return (_address: string, hop: number) => hop < n
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, keys, pool } = deps
  // A page render's own reads: the site's, not a visitor's (http/page-reads.ts).
  const pageReads = createPageReads()
  const frontDoor = createFrontDoor(config.connections)
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
    // A render's in-process reads are part of the page's request, not requests of their own.
    logController: new LogController({
      disableRequestLogging: (request) => pageReads.isPageRead(request),
    }),
    trustProxy:
      typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    // Node's server, with the connection limits' timeouts (a slow upload must not pin a socket
    // forever), and the build's files answered before Fastify (http/front-door.ts).
    serverFactory: frontDoor.serverFactory,
    return503OnClosing: true,
  })
  app.addHook('preClose', async () => frontDoor.close())
  limitConnections(app.server, config.connections, trustsPeer(config.trustProxy))

  await app.register(corsPlugin, { prefixes: API_PREFIXES })
  await registerSecurityHeaders(
    app,
    config.publicSupabaseUrl,
    inlineScriptHashes(config.webDist),
    config.storage.backend === 's3' ? config.storage.publicUrl : undefined,
  )
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  })

  // Every API request runs as its client (db/fair-pool.ts): one address, one fair share of the
  // pool. The limits that count rows and runs live in the database (migration 0008).
  pool.setFairness(config.fairness)
  pool.setPageReads({
    connections: config.pages.readConnections,
    acquireTimeoutMs: config.pages.readTimeoutMs,
  })
  app.addHook('onRequest', (req, _reply, done) => {
    const url = req.raw.url ?? ''
    if (!API_PREFIXES.some((p) => url.startsWith(p))) return done()
    if (pageReads.claim(req)) {
      // A page read the API refuses is the render's to report, once (http/render-console.ts):
      // the API's own line for it would be one more per read. Faults are still logged.
      if (['trace', 'debug', 'info'].includes(req.log.level)) {
        req.log = req.log.child({}, { level: 'warn' })
      }
      return requestClient.run({ key: 'page reads', exempt: false, pageRead: true }, done)
    }
    const q = url.indexOf('?')
    const exempt = isServiceCall(req.headers, q < 0 ? '' : url.slice(q + 1), keys.serviceRoleKey)
    requestClient.run({ key: clientKey(req.ip), exempt }, done)
  })
  const hashClient = createClientHasher(keys.jwtSecret)

  registerHealth(app, pool.core)

  // Every process drops its cached catalog on NOTIFY pgrst, 'reload schema', as PostgREST does.
  const schemaReload = listenForSchemaReload(pool.options, app.log)
  app.addHook('onClose', () => schemaReload.close())

  // One token and session check for every API (each registers caller/plugin.ts with it); ended
  // sessions are announced (0013).
  const callers = createVerifiedCallers({
    jwtSecret: keys.jwtSecret,
    sessions: databaseSessions(pool.core),
  })
  const sessionEvents = listenForSessionEvents(pool.options, callers, app.log)
  app.addHook('onClose', () => sessionEvents.close())

  // Every process drops the rendered pages that show a table on NOTIFY rentdue_content (0012).
  const contentChanged: ((dependency: string) => void)[] = []
  const announce = (dependency: string) => contentChanged.forEach((fn) => fn(dependency))
  const contentChanges = listenForContentChanges(
    pool.options,
    (changed) => announce(changedDependency(changed)),
    app.log,
  )
  app.addHook('onClose', () => contentChanges.close())
  // This process's own writes drop its pages before the writer hears back, so a visitor (or a
  // test) who reloads after saving never gets the page from before; other processes hear the
  // NOTIFY.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode < 400) {
      const profile = req.headers['content-profile']
      const changed = writtenDependency(
        req.method,
        req.url,
        typeof profile === 'string' ? profile : undefined,
      )
      if (changed) announce(changed)
    }
    done(null, payload)
  })

  // The API plugins, each under its Supabase prefix. REST has its own lane of the pool; auth,
  // storage and the pages share the reserved core lane.
  await app.register(restPlugin, {
    prefix: '/rest/v1',
    pool,
    keys,
    callers,
    config,
    hashClient,
    onSchemaReload: schemaReload.onReload,
  })
  await app.register(storagePlugin, { prefix: '/storage/v1', pool: pool.core, callers, config })
  await app.register(authPlugin, { prefix: '/auth/v1', pool: pool.core, keys, config, callers })

  // The newsletter's confirm and unsubscribe pages (newsletter/routes.ts).
  await registerNewsletterRoutes(app, {
    pool: pool.core,
    signer: linkSigner(keys.jwtSecret),
    hashClient,
  })

  await registerStaticSite(app, {
    webDist: config.webDist,
    apiPrefixes: API_PREFIXES,
    siteUrl: config.siteUrl,
    runtimeConfig: { supabaseUrl: config.publicSupabaseUrl ?? '', anonKey: keys.anonKey },
    pageReads,
    serving: {
      cache: {
        ...DEFAULT_PAGE_SERVING.cache,
        freshMs: config.pages.cacheSeconds * 1000,
        staleMs: config.pages.cacheSeconds * 10_000,
      },
      renders: {
        ...DEFAULT_PAGE_SERVING.renders,
        concurrency: config.pages.renders,
        queue: config.pages.renderQueue,
        perClient: config.pages.rendersPerClient,
      },
      readTimeoutMs: config.pages.readTimeoutMs,
    },
    onContentChange: (fn) => void contentChanged.push(fn),
    frontDoor,
  })
  return app
}
