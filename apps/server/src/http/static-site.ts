// The production web build (WEB_DIST): hashed /assets/* cached for a year, every other file in
// dist served as a file (robots.txt, icons; cached for a day), and every page the site has
// rendered on the server by the web build's own components (server-render.ts): its HTML carries
// the page, the router's data for the browser to hydrate it, its head tags (title, description,
// canonical URL, Open Graph / Twitter card, from the page's route module), its stylesheets inline
// and the runtime config in two <meta> tags. A path the site does not have gets the EVICTED page
// with 404 and noindex; missing files (anything with an extension, anything under /assets) get a
// plain 404. The HTML of public pages is the same for every visitor (sessions live in the
// browser), so it is cacheable by a CDN for a minute, with an ETag; the admin console's shell, and
// a page whose data could not all be read, are never cached.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { matchesPrefix } from './cors.js'
import { escapeHtml } from './escape-html.js'
import { hasAnsweredAgeGate, markAgeAnswered, PRIVATE_PAGE } from './age-answer.js'
import { inlineCssTag } from './inline-css.js'
import { refusalPage, registerPageActions } from './page-actions.js'
import { headTags, normalisePath, type PageMeta } from './page-head.js'
import { pagePreloader, readRouteAssets } from './page-preloads.js'
import { inProcessFetch, loadServerEntry, type RenderedPage } from './server-render.js'

export const IMMUTABLE = 'public, max-age=31536000, immutable'
/**
 * Files in dist that are not hashed (public/: media stills, icons, robots.txt, the card image):
 * a day fresh, then served from cache while revalidated for a week. A deploy that changes one
 * reaches every visitor within a day; index.html is never served from here.
 */
export const PUBLIC_FILE = 'public, max-age=86400, stale-while-revalidate=604800'
/**
 * A public page's HTML: fresh for a minute, then served stale for up to ten while a CDN fetches
 * it again, so an episode-night spike reaches the server about once a minute per page.
 */
export const PUBLIC_PAGE = 'public, max-age=60, stale-while-revalidate=600'
/** The admin console's shell, a page with missing data, a page that could not be rendered. */
export const NO_STORE = 'no-store'

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
   * The public origin (config.siteUrl, SITE_URL) for canonical and og:url/og:image. Without it
   * the request's own origin is used.
   */
  siteUrl?: string
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

/** A weak validator for a page's HTML. */
export function pageEtag(html: string): string {
  return `W/"${createHash('sha1').update(html).digest('base64url')}"`
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
  const raw = url.split('?', 1)[0] ?? '/'
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept
  if (!accept) return true
  return /text\/html|application\/xhtml\+xml|\*\/\*/.test(accept)
}

export async function registerStaticSite(
  app: FastifyInstance,
  opts: StaticSiteOptions,
): Promise<void> {
  const indexFile = path.join(opts.webDist, 'index.html')
  // Read once: a new web build means a new deploy, which restarts the server.
  const template = fs.existsSync(indexFile)
    ? injectRuntimeConfig(fs.readFileSync(indexFile, 'utf8'), opts.runtimeConfig)
    : undefined
  const pageTemplate = template && inlineStylesheets(stripDefaultHeadTags(template), opts.webDist)
  const render = await loadServerEntry(opts.webDist)
  // The fonts of the first paint, hashed by the build: Bangers for the headings, Nunito 400 for
  // the text and 800 for the buttons. Preloaded so the text is not painted a second time, larger,
  // once the CSS has asked for them.
  const assetNames = fs.existsSync(path.join(opts.webDist, 'assets'))
    ? fs.readdirSync(path.join(opts.webDist, 'assets'))
    : []
  const fontPreload = [
    /^bangers-latin-400-normal-[\w-]+\.woff2$/,
    /^nunito-latin-400-normal-[\w-]+\.woff2$/,
    /^nunito-latin-800-normal-[\w-]+\.woff2$/,
  ]
    .map((pattern) => assetNames.find((name) => pattern.test(name)))
    .filter((name) => name !== undefined)
    .map(
      (name) =>
        `<link rel="preload" href="/assets/${name}" as="font" type="font/woff2" crossorigin>`,
    )
    .join('')
  const hintsFor = pagePreloader(readRouteAssets(opts.webDist), opts.webDist)
  if (!template) {
    app.log.warn(`no web build in ${opts.webDist}: run \`npm run build\` to serve the site`)
  } else if (!render) {
    app.log.warn(`no server entry in ${opts.webDist}: pages are rendered in the browser only`)
  }

  /**
   * The page at `url` (a path and query), rendered; undefined when it could not be. With `form`,
   * the page after that form was posted to it (page-actions.ts): its route action runs first.
   */
  const renderFor = async (
    request: FastifyRequest,
    url: string,
    form?: URLSearchParams,
  ): Promise<RenderedPage | undefined> => {
    if (!render) return undefined
    const origin = `${request.protocol}://${request.host}`
    const post = form && {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    }
    try {
      return await render({
        request: new Request(origin + url, { headers: { accept: 'text/html' }, ...post }),
        // As the browser does: an empty configured URL means the page's own origin.
        supabaseUrl: opts.runtimeConfig.supabaseUrl || origin,
        anonKey: opts.runtimeConfig.anonKey,
        fetch: inProcessFetch(app, request.ip),
      })
    } catch (error) {
      request.log.error({ err: error, url }, 'rendering the page failed: sent the bare shell')
      return undefined
    }
  }

  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    asPath?: string,
    form?: URLSearchParams,
  ) => {
    const pathname = asPath ?? pathnameOf(request.url)
    const rendered = await renderFor(request, asPath ?? request.url, form)
    // An action may send the browser to another page of the site, never elsewhere.
    const redirect = rendered?.redirect
    if (redirect !== undefined && /^\/(?![/\\])/.test(redirect)) {
      return reply.code(303).header('Cache-Control', NO_STORE).redirect(redirect)
    }
    const page = redirect === undefined ? rendered : undefined
    reply.type('text/html; charset=utf-8')
    if (form && (!page || !pageTemplate)) {
      // Whether the form was stored is unknown: say so, never the bare shell as if it were.
      return reply
        .code(503)
        .header('Retry-After', '5')
        .header('Cache-Control', NO_STORE)
        .send(refusalPage(503))
    }
    if (!page || !pageTemplate) {
      // No server render: the shell with the build's default head; the browser renders the page.
      return reply
        .code(200)
        .header('Cache-Control', NO_STORE)
        .send(template ?? '')
    }
    const siteUrl = opts.siteUrl ?? `${request.protocol}://${request.host}`
    // Known pages get their canonical form; unknown paths echo the (still encoded) path asked for.
    const url = siteUrl + (page.status === 404 ? rawPathOf(request.url) : normalisePath(pathname))
    const meta: PageMeta = page
    const hints = hintsFor(page.routeIds)
    const html = withPageBody(
      withHeadTags(pageTemplate, headTags(meta, url, siteUrl) + fontPreload + hints.head),
      page.html,
      page.data,
    )
    // The age gate's answer goes in here, outside the render (age-answer.ts).
    const answered = hasAnsweredAgeGate(request)
    const sent = answered ? markAgeAnswered(html) : html
    if (form) {
      // A post's outcome, for this visitor only (it can hold what they typed).
      if (page.status === 429 || page.status === 503) reply.header('Retry-After', '5')
      return reply.code(page.status).header('Cache-Control', NO_STORE).send(sent)
    }
    const cacheable = page.html !== '' && page.complete && page.status < 500
    const etag = pageEtag(sent)
    reply
      .code(page.status)
      .header('Cache-Control', !cacheable ? NO_STORE : answered ? PRIVATE_PAGE : PUBLIC_PAGE)
      .header('ETag', etag)
    if (cacheable && request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.send(sent)
  }

  if (fs.existsSync(opts.webDist)) {
    const assetsDir = path.join(opts.webDist, 'assets') + path.sep
    const serverDir = path.join(opts.webDist, 'server') + path.sep
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      index: false,
      wildcard: true,
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
      send: (request, reply, form) => sendPage(request, reply, undefined, form),
    })
    app.get('/', (request, reply) => sendPage(request, reply))
    // The file itself is the home page under another name.
    app.get('/index.html', (request, reply) => sendPage(request, reply, '/'))
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
