// Serving a page's HTML (docs/decisions/290, 291): from the render cache when it can, by a bounded
// render when it must.
//
// A request is matched to its page first (the web build's matchPage: the matched routes, so
// '/?r=x' is '/' and every unknown path is the one EVICTED page), then:
// - a fresh entry is sent as it is: precompressed bytes, no database work, no render;
// - a stale one is sent too, and one render in the background replaces it;
// - a missing or invalidated one is rendered (one render per page however many ask at once),
//   through the render gate (a global cap with a bounded queue, and a per-address cap). When the
//   gate refuses, or the render fails or could not read everything, the previous entry is sent if
//   there is one; otherwise the refusal is a 503 or 429 with Retry-After and a small friendly page.
// A render reads as the site (page-reads.ts) and records what it read; a render with a failed read
// is never kept. Every URL in a page comes from SITE_URL (and PUBLIC_SUPABASE_URL): never from
// the request's Host or X-Forwarded-* headers.
import { createHash } from 'node:crypto'
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { markAgeAnswered, PRIVATE_PAGE } from './age-answer.js'
import { busyPage } from './busy-page.js'
import { clientKey } from './client-address.js'
import { acceptedEncoding, encode } from './encodings.js'
import { LogSummary } from './log-summary.js'
import { PageCache } from './page-cache.js'
import { normalisePath } from './page-head.js'
import type { PageReads } from './page-reads.js'
import { RenderGate, RenderRefused, type RenderGateOptions } from './render-gate.js'
import { withRenderConsole } from './render-console.js'
import { pageFetch, type PageMatch, type RenderedPage, type ServerEntry } from './server-render.js'

/** A public page's HTML: fresh for a minute, then served stale for up to ten while re-fetched. */
export const PUBLIC_PAGE = 'public, max-age=60, stale-while-revalidate=600'
/** The admin console's shell, a page with missing data, a page that could not be rendered. */
export const NO_STORE = 'no-store'

export interface PageServingOptions {
  cache: { maxEntries: number; maxBytes: number; freshMs: number; staleMs: number }
  renders: RenderGateOptions
  /** A page's read not answered in this time fails (and the page is not kept). */
  readTimeoutMs: number
}

export const DEFAULT_PAGE_SERVING: PageServingOptions = {
  cache: { maxEntries: 200, maxBytes: 64 * 1024 * 1024, freshMs: 60_000, staleMs: 600_000 },
  renders: { concurrency: 2, queue: 32, perClient: 4, waitMs: 5_000 },
  readTimeoutMs: 2_000,
}

export interface PageServerOptions {
  app: FastifyInstance
  entry: ServerEntry
  /** SITE_URL: the origin of every page URL, and of the API's URLs unless `supabaseUrl` is set. */
  siteUrl: string
  /** PUBLIC_SUPABASE_URL, or '' for the site's own origin. */
  supabaseUrl: string
  anonKey: string
  pageReads: PageReads
  serving: PageServingOptions
  /** The whole HTML document of a rendered page whose URL is `url`. */
  assemble(page: RenderedPage, url: string): string
}

/** A page's bytes, ready to send. */
interface PageBytes {
  identity: Buffer
  br: Buffer
  gzip: Buffer
  etag: string
}

/**
 * A rendered page as kept: the render, and its bytes when its URL is the same for every path,
 * as sent to a visitor who has not answered the age gate and to one who has (age-answer.ts).
 */
interface PageEntry {
  page: RenderedPage
  /** Cache-Control for the page, as for a CDN in front. */
  cacheControl: string
  /** The page's bytes, as first asked and with the age gate answered, each compressed once. */
  fixed: { asked: PageBytes; answered: PageBytes }
  size: number
}

interface RenderOutcome {
  /** Undefined when the render itself failed (the bare shell is sent). */
  entry: PageEntry | undefined
  /** Every read succeeded: the entry was kept. */
  complete: boolean
}

/** A page's bytes, compressed once for every visitor who gets them. */
async function compressed(identity: Buffer): Promise<PageBytes> {
  // About 50 ms for Home at brotli quality 9, once per render.
  const [br, gz] = await Promise.all([encode(identity, 'br', 9), encode(identity, 'gzip', 9)])
  return { identity, br, gzip: gz, etag: pageEtag(identity) }
}

/** A weak validator for a page's HTML. */
export function pageEtag(html: string | Buffer): string {
  return `W/"${createHash('sha1').update(html).digest('base64url')}"`
}

/** The cache key of a page: its routes, and the parameters they read (an episode's slug). */
export function pageKey(match: PageMatch): string {
  const params = Object.entries(match.params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return match.routeIds.join(' > ') + (params.length > 0 ? ' ' + JSON.stringify(params) : '')
}

/**
 * The path a page's entry is rendered for: the route's own path. A route that takes any path
 * (the EVICTED page, the admin console) is rendered for one path of its own, so that its entry
 * says nothing about the path a visitor happened to ask for; its URL is filled in when it is sent.
 */
function renderPath(match: PageMatch): string {
  let path = match.pattern.replace('*', 'evicted')
  for (const [name, value] of Object.entries(match.params)) {
    path = path.replace(`:${name}`, encodeURIComponent(value))
  }
  return path
}

function rawPathOf(url: string): string {
  return url.split('?', 1)[0] ?? '/'
}

export interface PageServer {
  /**
   * Answers a GET or HEAD of the page at `pathname`; false when the render itself failed and
   * nothing was sent. (Not the reply: a reply is a thenable, awaiting it waits for the response.)
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    answered: boolean,
  ): Promise<boolean>
  /**
   * Answers a form the browser posted to a page itself (page-actions.ts): the page rendered after
   * its route action ran, as this visitor (their writes count against their address), never
   * kept; a redirect when the action sent one. False when the render failed and nothing was sent.
   */
  post(
    request: FastifyRequest,
    reply: FastifyReply,
    form: URLSearchParams,
    answered: boolean,
  ): Promise<boolean>
  /**
   * Answers a GET or HEAD of `pathname` at the server's front door (front-door.ts) when its entry
   * is kept and not invalidated (a stale one starts its re-render, as `send` does), with `shared`
   * headers (those every page gets from Fastify's hooks); false, with nothing written, otherwise.
   */
  answerKept(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    answered: boolean,
    shared: OutgoingHttpHeaders,
  ): boolean
  /** Something pages read has changed (migration 0012's `schema.table`, `storage`, or `*`). */
  invalidate(dependency: string): void
  /** Writes the log summary of the minute so far. */
  close(): void
}

export function createPageServer(opts: PageServerOptions): PageServer {
  const { app, entry, siteUrl, serving } = opts
  const cache = new PageCache<PageEntry>(serving.cache)
  const gate = new RenderGate(serving.renders)
  const summary = new LogSummary(app.log)
  // React Router's matchRoutes ranks and compiles the whole route table on every call (about a
  // millisecond here): a path's match is remembered, for the paths seen most recently.
  const matches = new LRUCache<string, PageMatch>({ max: 1000 })
  const matchPage = (pathname: string) => {
    let match = matches.get(pathname)
    if (!match) {
      match = entry.matchPage(pathname)
      matches.set(pathname, match)
    }
    return match
  }

  /** The web build's render of `request`, its console lines into the log summary. */
  const renderWith = (request: Request, fetch: typeof globalThis.fetch) =>
    withRenderConsole(
      (line) => summary.note(line.level, line.msg, line.fields),
      () =>
        entry.render({
          request,
          // As the browser does: an empty configured URL means the page's own origin.
          supabaseUrl: opts.supabaseUrl || siteUrl,
          anonKey: opts.anonKey,
          fetch,
        }),
    )

  const buildEntry = async (page: RenderedPage, url: string): Promise<PageEntry> => {
    const cacheControl =
      page.html !== '' && page.complete && page.status < 500 ? PUBLIC_PAGE : NO_STORE
    const html = opts.assemble(page, url)
    const [asked, answered] = await Promise.all([
      compressed(Buffer.from(html)),
      compressed(Buffer.from(markAgeAnswered(html))),
    ])
    const size = [asked, answered].reduce(
      (sum, b) => sum + b.identity.length + b.br.length + b.gzip.length,
      0,
    )
    return { page, cacheControl, fixed: { asked, answered }, size }
  }

  /**
   * Renders the page `match` names, as the site, once the gate lets it (RenderRefused otherwise);
   * keeps it when every read succeeded. Compressing it happens after the render's place is freed.
   */
  const render = async (
    key: string,
    match: PageMatch,
    client: string | undefined,
  ): Promise<RenderOutcome> => {
    let since = 0
    const dependsOn = new Set<string>()
    let failedReads = 0
    const path = renderPath(match)
    let page: RenderedPage
    try {
      page = await gate.run(client, () => {
        since = cache.mark()
        return renderWith(
          new Request(siteUrl + path, { headers: { accept: 'text/html' } }),
          pageFetch(app, {
            pageReads: opts.pageReads,
            readTimeoutMs: serving.readTimeoutMs,
            onRead(read) {
              dependsOn.add(read.dependsOn)
              if (read.status === 0 || read.status >= 400) failedReads += 1
            },
          }),
        )
      })
    } catch (error) {
      if (error instanceof RenderRefused) throw error
      summary.note('error', 'rendering the page failed: sent the bare shell', {
        err: error,
        path,
      })
      return { entry: undefined, complete: false }
    }
    // The EVICTED page (the '*' route) names no address of its own (page-head.ts), so it too is
    // one set of bytes for every path it answers.
    const url = siteUrl + normalisePath(match.pattern.includes('*') ? '/' : path)
    // A read the page's code swallowed still makes the page incomplete.
    const complete =
      page.complete &&
      failedReads === 0 &&
      page.status < 500 &&
      page.routeIds.join(' > ') === match.routeIds.join(' > ')
    const built = await buildEntry({ ...page, complete }, url)
    // A page with parameters that has nothing for them (an episode slug no episode has) is the
    // EVICTED page: sent, never kept, or each made-up slug would take a cache entry.
    const unknown = page.status === 404 && Object.keys(match.params).length > 0
    if (complete && !unknown) cache.store(key, built, dependsOn, since)
    return { entry: built, complete }
  }

  const renderNow = (key: string, match: PageMatch, client: string | undefined) =>
    cache.singleFlight(key, () => render(key, match, client))

  const refreshInBackground = (key: string, match: PageMatch) => {
    if (cache.rendering(key) || !gate.idle) return
    renderNow(key, match, undefined).catch(() => undefined)
  }

  /** What is sent for `kept`: status, the entry's own headers, and the bytes (none for 304). */
  const entryAnswer = (kept: PageEntry, answered: boolean, asked: IncomingHttpHeaders) => {
    const cacheable = kept.cacheControl === PUBLIC_PAGE
    const fixed = answered ? kept.fixed.answered : kept.fixed.asked
    const headers: OutgoingHttpHeaders = {
      'content-type': 'text/html; charset=utf-8',
      // A page with the age gate's mark is this visitor's: no shared cache may keep it.
      'cache-control': cacheable && answered ? PRIVATE_PAGE : kept.cacheControl,
      vary: 'accept-encoding',
      etag: fixed.etag,
    }
    if (cacheable && asked['if-none-match'] === fixed.etag) {
      return { status: 304, headers, body: undefined }
    }
    const encoding = acceptedEncoding({ headers: asked })
    if (encoding === undefined) return { status: kept.page.status, headers, body: fixed.identity }
    headers['content-encoding'] = encoding
    return { status: kept.page.status, headers, body: fixed[encoding] }
  }

  const writeEntry = (
    request: FastifyRequest,
    reply: FastifyReply,
    kept: PageEntry,
    answered: boolean,
  ) => {
    const { status, headers, body } = entryAnswer(kept, answered, request.headers)
    return reply.code(status).headers(headers).send(body)
  }

  const sendEntry = (
    request: FastifyRequest,
    reply: FastifyReply,
    kept: PageEntry,
    answered: boolean,
  ): true => {
    writeEntry(request, reply, kept, answered)
    return true
  }

  const sendRefusal = (reply: FastifyReply, refused: RenderRefused): true => {
    reply
      .code(refused.reason === 'busy' ? 503 : 429)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', NO_STORE)
      .header('Retry-After', String(refused.retryAfterSeconds))
      .send(busyPage(refused.reason))
    return true
  }

  /**
   * The page at `pathname` in the cache: `kept` is the entry that may be sent now (fresh, or stale
   * with its re-render started here), for both doors alike.
   */
  const lookUp = (pathname: string) => {
    const match = matchPage(pathname)
    const key = pageKey(match)
    const found = cache.lookup(key)
    if (found?.state === 'stale') refreshInBackground(key, match)
    const kept = found?.state === 'fresh' || found?.state === 'stale' ? found.value : undefined
    return { match, key, found, kept }
  }

  return {
    answerKept(req, res, pathname, answered, shared) {
      const { kept } = lookUp(pathname)
      if (!kept) return false
      const { status, headers, body } = entryAnswer(kept, answered, req.headers)
      if (body !== undefined) headers['content-length'] = body.length
      res.writeHead(status, { ...shared, ...headers })
      res.end(req.method === 'HEAD' ? undefined : body)
      return true
    },
    async send(request, reply, pathname, answered) {
      const { match, key, found, kept } = lookUp(pathname)
      if (kept) return sendEntry(request, reply, kept, answered)
      let outcome: RenderOutcome
      try {
        outcome = await renderNow(key, match, clientKey(request.ip))
      } catch (error) {
        if (!(error instanceof RenderRefused)) throw error
        summary.note('info', `page render refused: ${error.message}`)
        if (found) return sendEntry(request, reply, found.value, answered)
        return sendRefusal(reply, error)
      }
      // What the last complete render said beats a page with holes in it.
      if (!outcome.complete && found) return sendEntry(request, reply, found.value, answered)
      if (!outcome.entry) return false
      return sendEntry(request, reply, outcome.entry, answered)
    },
    async post(request, reply, form, answered) {
      const url = request.url.startsWith('/') ? request.url : '/'
      let page: RenderedPage
      try {
        page = await gate.run(clientKey(request.ip), () =>
          renderWith(
            new Request(siteUrl + url, {
              method: 'POST',
              headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
              body: form,
            }),
            pageFetch(app, {
              pageReads: opts.pageReads,
              visitor: request.ip,
              readTimeoutMs: serving.readTimeoutMs,
              onRead: () => undefined,
            }),
          ),
        )
      } catch (error) {
        if (error instanceof RenderRefused) return sendRefusal(reply, error)
        summary.note('error', 'rendering a posted form failed', { err: error })
        return false
      }
      // An action may send the browser to another page of the site, never elsewhere.
      const redirect = page.redirect
      if (redirect !== undefined) {
        if (!/^\/(?![/\\])/.test(redirect)) return false
        reply.code(303).header('Cache-Control', NO_STORE).redirect(redirect)
        return true
      }
      if (page.html === '') return false
      // A post's outcome, for this visitor only (it can hold what they typed).
      const assembled = opts.assemble(page, siteUrl + normalisePath(rawPathOf(url)))
      if (page.status === 429 || page.status === 503) reply.header('Retry-After', '5')
      reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', NO_STORE)
        .send(answered ? markAgeAnswered(assembled) : assembled)
      return true
    },
    invalidate: (dependency) => void cache.invalidate(dependency),
    close: () => summary.flush(),
  }
}
