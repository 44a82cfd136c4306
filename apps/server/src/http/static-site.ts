// The production web build (WEB_DIST): hashed /assets/* served from memory and cached for a year
// (asset-files.ts), every other file in dist served as a file (robots.txt, icons; cached for a
// day), and every page the site has rendered on the server by the web build's own components
// (server-render.ts), served from the render cache when it can be (page-server.ts): its HTML
// carries the page, the router's data for the browser to hydrate it, its head tags (title,
// description, canonical URL, Open Graph / Twitter card, from the page's route module), its
// stylesheets inline and the runtime config in two <meta> tags. A path the site does not have gets
// the EVICTED page with 404 and noindex; missing files (anything with an extension, anything under
// /assets) get a plain 404. The HTML of public pages is the same for every visitor (sessions live
// in the browser), so it is cacheable by a CDN for a minute, with an ETag; the admin console's
// shell, and a page whose data could not all be read, are never cached. Every URL in a page is
// built from SITE_URL.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { readAssetFiles, registerAssetFiles } from './asset-files.js'
import { matchesPrefix } from './cors.js'
import { escapeHtml } from './escape-html.js'
import type { FrontDoor } from './front-door.js'
import { hasAnsweredAgeGate } from './age-answer.js'
import { inlineCssTag } from './inline-css.js'
import { refusalPage, registerPageActions } from './page-actions.js'
import { headTags, type PageMeta } from './page-head.js'
import { pagePreloader, readRouteAssets } from './page-preloads.js'
import { createPageReads, type PageReads } from './page-reads.js'
import {
  createPageServer,
  DEFAULT_PAGE_SERVING,
  NO_STORE,
  type PageServingOptions,
} from './page-server.js'
import { loadServerEntry, type RenderedPage } from './server-render.js'
import { registerEventCalendar } from './event-calendar.js'
import { registerSitemap } from './sitemap.js'
import { anyQuery, useRouteSchemas } from './route-schemas.js'

export { NO_STORE, PUBLIC_PAGE, pageEtag } from './page-server.js'

export const IMMUTABLE = 'public, max-age=31536000, immutable'
/**
 * Files in dist that are not hashed (public/: media stills, icons, robots.txt, the card image):
 * a day fresh, then served from cache while revalidated for a week. A deploy that changes one
 * reaches every visitor within a day; index.html is never served from here.
 */
export const PUBLIC_FILE = 'public, max-age=86400, stale-while-revalidate=604800'

export interface RuntimeConfig {
  /** Empty string = the same origin as the page. */
  supabaseUrl: string
  anonKey: string
}

export interface StaticSiteOptions {
  webDist: string
  apiPrefixes: string[]
  runtimeConfig: RuntimeConfig
  /**
   * The public origin (config.siteUrl, SITE_URL): canonical and og:url/og:image, and the API's
   * URLs in a page when `runtimeConfig.supabaseUrl` is empty. Never the request's Host.
   */
  siteUrl: string
  /** Marks a render's own reads (app.ts claims them for the page-read pool). */
  pageReads?: PageReads
  /** The render cache and the render limits (config.ts); the defaults otherwise. */
  serving?: PageServingOptions
  /**
   * Subscribes the render cache to content changes (app.ts: migration 0012's NOTIFY and this
   * process's own API writes). Without it entries only age.
   */
  onContentChange?: (invalidate: (dependency: string) => void) => void
  /** Where the build's files are answered without Fastify (app.ts); only Fastify without it. */
  frontDoor?: FrontDoor
}

/** Adds the runtime config before </head>. Only ever the anon key: never the service key. */
export function injectRuntimeConfig(html: string, rc: RuntimeConfig): string {
  const tags =
    `<meta name="rentdue-supabase-url" content="${escapeHtml(rc.supabaseUrl)}">` +
    `<meta name="rentdue-supabase-anon-key" content="${escapeHtml(rc.anonKey)}">`
  const at = html.search(/<\/head>/i)
  return at === -1 ? tags + html : html.slice(0, at) + tags + html.slice(at)
}

// The defaults index.html ships with (for a static CDN build); replaced per page, never doubled.
const DEFAULT_HEAD_TAGS = [
  /<title>[\s\S]*?<\/title>\s*/gi,
  /<meta\s+name="(?:description|robots|twitter:[\w:]+)"[^>]*>\s*/gi,
  /<meta\s+property="og:[\w:]+"[^>]*>\s*/gi,
  /<link\s+rel="canonical"[^>]*>\s*/gi,
]

export function stripDefaultHeadTags(html: string): string {
  return DEFAULT_HEAD_TAGS.reduce((out, re) => out.replace(re, ''), html)
}

/** `tags` into the head of index.html, before the runtime config (or before </head>). */
export function withHeadTags(html: string, tags: string): string {
  const at = html.search(/<meta name="rentdue-supabase-url"|<\/head>/i)
  return at === -1 ? tags + html : html.slice(0, at) + tags + html.slice(at)
}

/** The page's markup into the (empty) root element, the router's data right after it. */
export function withPageBody(html: string, body: string, data: string): string {
  return html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>${data}`)
}

/**
 * The CSP sources of the inline scripts of index.html (the age gate's head script): allowed by
 * their hashes, and no other inline script runs. JSON data elements are not scripts to a browser.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const file = path.join(webDist, 'index.html')
  if (!fs.existsSync(file)) return []
  const html = fs.readFileSync(file, 'utf8')
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(
      ([, attributes = '']) => !/\ssrc=|type="(?:module|application\/json)"/i.test(attributes),
    )
    .map(([, , code = '']) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`)
}

/**
 * The build's own stylesheets (`<link rel="stylesheet" href="/assets/…css">` in index.html) put
 * inline as `<style>` (decision 163): the first paint then needs the HTML alone, not one more
 * round trip for a render-blocking file. About 7 KiB gzip on every page's HTML.
 */
export function inlineStylesheets(html: string, webDist: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*? href="(\/assets\/[\w.-]+\.css)"[^>]*>/g,
    (link, href: string) => inlineCssTag(webDist, href) ?? link,
  )
}

function rawPathOf(url: string): string {
  return url.split('?', 1)[0] ?? '/'
}

function pathnameOf(url: string): string {
  const raw = rawPathOf(url)
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

function acceptsHtml(request: { headers: IncomingHttpHeaders }): boolean {
  const accept = request.headers.accept
  if (!accept) return true
  return /text\/html|application\/xhtml\+xml|\*\/\*/.test(accept)
}

export async function registerStaticSite(
  app: FastifyInstance,
  opts: StaticSiteOptions,
): Promise<void> {
  useRouteSchemas(app)
  const indexFile = path.join(opts.webDist, 'index.html')
  // Read once: a new web build means a new deploy, which restarts the server.
  const template = fs.existsSync(indexFile)
    ? injectRuntimeConfig(fs.readFileSync(indexFile, 'utf8'), opts.runtimeConfig)
    : undefined
  const pageTemplate = template && inlineStylesheets(stripDefaultHeadTags(template), opts.webDist)
  const entry = await loadServerEntry(opts.webDist)
  // One page-read pool and one set of render limits for the pages and the sitemap.
  const pageReads = opts.pageReads ?? createPageReads()
  const serving = opts.serving ?? DEFAULT_PAGE_SERVING
  const hintsFor = pagePreloader(readRouteAssets(opts.webDist), opts.webDist)
  if (!template) {
    app.log.warn(`no web build in ${opts.webDist}: run \`npm run build\` to serve the site`)
  } else if (!entry) {
    app.log.warn(`no server entry in ${opts.webDist}: pages are rendered in the browser only`)
  }

  /** The whole document of `page`, whose URL is `url`. */
  const assemble = (page: RenderedPage, url: string): string => {
    const meta: PageMeta = page
    const hints = hintsFor(page.routeIds)
    return withPageBody(
      withHeadTags(pageTemplate ?? '', headTags(meta, url, opts.siteUrl) + hints.head),
      page.html,
      page.data,
    )
  }

  const pages =
    entry && pageTemplate
      ? createPageServer({
          app,
          entry,
          siteUrl: opts.siteUrl,
          supabaseUrl: opts.runtimeConfig.supabaseUrl,
          anonKey: opts.runtimeConfig.anonKey,
          pageReads,
          serving,
          assemble,
        })
      : undefined
  if (pages) {
    opts.onContentChange?.((dependency) => pages.invalidate(dependency))
    app.addHook('onClose', async () => pages.close())
  }
  // An event's calendar file (/events/<id>.ics), read as a visitor reads the event.
  registerEventCalendar(app, { siteUrl: opts.siteUrl, anonKey: opts.runtimeConfig.anonKey })
  const answersRobots = Boolean(entry?.publicPaths && pageTemplate)
  if (entry?.publicPaths && pageTemplate) {
    // Served before the build's robots.txt (a static host's copy, without the sitemap's URL).
    registerSitemap(app, {
      siteUrl: opts.siteUrl,
      anonKey: opts.runtimeConfig.anonKey,
      webDist: opts.webDist,
      pageReads,
      readTimeoutMs: serving.readTimeoutMs,
      publicPaths: entry.publicPaths,
      onContentChange: opts.onContentChange,
    })
  }

  // The paths (as asked, before any query) that Fastify's routes sent to the page server, and the
  // headers every page gets from Fastify's hooks: a kept page is answered at the front door only
  // for a path Fastify itself has routed to a page, so the door never answers a path that is
  // something else, and with the same headers. A path longer than a page's ever is (a made-up one
  // for the EVICTED page) is not kept: 1,000 of them would hold megabytes.
  const pagePaths = new LRUCache<string, string>({ max: 1000 })
  const MAX_KEPT_PATH = 256
  let sharedHeaders: OutgoingHttpHeaders | undefined
  if (pages) {
    opts.frontDoor?.answer((req, res) => {
      if (sharedHeaders === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) {
        return false
      }
      const pathname = pagePaths.get(rawPathOf(req.url ?? '/'))
      if (pathname === undefined || !acceptsHtml(req)) return false
      return pages.answerKept(req, res, pathname, hasAnsweredAgeGate(req), sharedHeaders)
    })
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, asPath?: string) => {
    const pathname = asPath ?? pathnameOf(request.url)
    // Before the page server adds its own: the hooks' headers, the same for every page.
    sharedHeaders ??= { ...reply.getHeaders() } as OutgoingHttpHeaders
    const raw = rawPathOf(request.url)
    if (raw.length <= MAX_KEPT_PATH) pagePaths.set(raw, pathname)
    if (await pages?.send(request, reply, pathname, hasAnsweredAgeGate(request))) return reply
    // No server render: the shell with the build's default head; the browser renders the page.
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', NO_STORE)
      .send(template ?? '')
  }

  if (fs.existsSync(opts.webDist)) {
    const assetsDir = path.join(opts.webDist, 'assets') + path.sep
    const serverDir = path.join(opts.webDist, 'server') + path.sep
    // The hashed files from memory (asset-files.ts); @fastify/static keeps the rest of dist.
    const assets = readAssetFiles(path.join(opts.webDist, 'assets'))
    opts.frontDoor?.answer(registerAssetFiles(app, assets, '/assets/', IMMUTABLE))
    // @fastify/static's file routes take no input but their path; they declare the same
    // open query string as every other page and file (its routes are the ones it hides).
    app.addHook('onRoute', (route) => {
      const schema = route.schema as { hide?: boolean; querystring?: unknown } | undefined
      if (schema?.hide === true && schema.querystring === undefined) {
        route.schema = { ...schema, querystring: anyQuery }
      }
    })
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      index: false,
      // One route per file of the build, found once at start (a build never changes under a
      // running server): a page's path then goes straight to the page server instead of first
      // being looked up on disk, which cost a page from memory two thirds of its speed.
      wildcard: false,
      // index.html is the pages' template; robots.txt is answered by sitemap.ts when it is there.
      globIgnore: [
        'index.html',
        'server/**',
        ...(answersRobots ? ['robots.txt'] : []),
        ...[...assets.keys()].map((name) => `assets/${name}`),
      ],
      redirect: false,
      // Uses app.js.br / app.js.gz when the build wrote them; @fastify/compress covers the rest.
      preCompressed: true,
      cacheControl: false,
      // index.html is a template, and the server entry is ours to run, not to hand out.
      allowedPath: (pathname) =>
        pathname !== '/index.html' && !path.join(opts.webDist, pathname).startsWith(serverDir),
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', filePath.startsWith(assetsDir) ? IMMUTABLE : PUBLIC_FILE)
      },
    })
  }

  if (template) {
    // Forms posted to a page by the browser itself (page-actions.ts).
    await registerPageActions(app, {
      siteUrl: opts.siteUrl,
      apiPrefixes: opts.apiPrefixes,
      send: async (request, reply, form) => {
        if (await pages?.post(request, reply, form, hasAnsweredAgeGate(request))) return reply
        // Whether the form was stored is unknown: say so, never the bare shell as if it were.
        return reply
          .code(503)
          .header('Retry-After', '5')
          .header('Cache-Control', NO_STORE)
          .type('text/html; charset=utf-8')
          .send(refusalPage(503))
      },
    })
    // Pages take any query string (?r=…, campaign tags): the app reads what it knows.
    const schema = { querystring: anyQuery }
    app.get('/', { schema }, (request, reply) => sendPage(request, reply))
    // The file itself is the home page under another name.
    app.get('/index.html', { schema }, (request, reply) => sendPage(request, reply, '/'))
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = pathnameOf(request.url)
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      template !== undefined &&
      !matchesPrefix(pathname, opts.apiPrefixes) &&
      !pathname.startsWith('/assets/') &&
      !lastSegment.includes('.') &&
      acceptsHtml(request)
    if (isPage) return sendPage(request, reply)
    return reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method}:${pathname} not found`,
    })
  })
}
