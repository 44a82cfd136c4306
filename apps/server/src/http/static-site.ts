// The production web build (WEB_DIST): hashed /assets/* cached for a year, every other file in
// dist served as a file (robots.txt, icons; cached for a day), index.html never cached and
// carrying the runtime config in two <meta> tags, and a SPA fallback so a reload of /episodes gets index.html. Missing
// files (anything with an extension, anything under /assets) get a real 404. Each page's HTML
// carries its own title, description, canonical URL and Open Graph / Twitter card tags
// (route-meta.ts); a path the site does not have gets the SPA HTML (the EVICTED page) with 404
// and noindex.
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { matchesPrefix } from './cors.js'
import { deferScripts, withPagePreloads } from './deferred-scripts.js'
import { escapeHtml } from './escape-html.js'
import {
  INLINE_PAGE_STYLES,
  withFirstPaint,
  type FirstPaintContent,
  type FirstPaintEpisode,
} from './first-paint.js'
import { inlineCssTag } from './inline-css.js'
import { pagePreloader, readManifest } from './page-preloads.js'
import { metaFor, normalisePath, OG_IMAGE, SITE_NAME, type RouteMeta } from './route-meta.js'

export const IMMUTABLE = 'public, max-age=31536000, immutable'
/**
 * Files in dist that are not hashed (public/: media stills, icons, robots.txt, the card image):
 * a day fresh, then served from cache while revalidated for a week. A deploy that changes one
 * reaches every visitor within a day; index.html (no-store) is never served from here.
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
   * The public origin (config.siteUrl, SITE_URL) for canonical and og:url/og:image. Without it
   * the request's own origin is used.
   */
  siteUrl?: string
  /**
   * The episodes for the first paint of /episodes (first-paint.ts), read as anon. Without it, or
   * when it fails or takes longer than FIRST_PAINT_READ_MS, the first paint shows the page loading.
   */
  readEpisodes?: () => Promise<readonly FirstPaintEpisode[]>
}

/** How long the HTML of /episodes waits for the episodes; the page loads them itself anyway. */
export const FIRST_PAINT_READ_MS = 300

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

/** The per-page head tags. `url` is the page's absolute URL; every value is HTML-escaped. */
export function headTags(meta: RouteMeta, url: string, siteUrl: string): string {
  const e = escapeHtml
  const image = `${siteUrl}${OG_IMAGE.path}`
  const tags = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}">`,
    meta.noindex
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${e(url)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${e(SITE_NAME)}">`,
    `<meta property="og:title" content="${e(meta.title)}">`,
    `<meta property="og:description" content="${e(meta.description)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    `<meta property="og:image" content="${e(image)}">`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}">`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}">`,
    `<meta property="og:image:alt" content="${e(OG_IMAGE.alt)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${e(meta.title)}">`,
    `<meta name="twitter:description" content="${e(meta.description)}">`,
    `<meta name="twitter:image" content="${e(image)}">`,
  ]
  return tags.join('')
}

/** index.html for one page (defaults already stripped): this page's tags before the config. */
export function renderPage(
  html: string,
  meta: RouteMeta,
  url: string,
  siteUrl: string,
  extraHead = '',
): string {
  const tags = headTags(meta, url, siteUrl) + extraHead
  const at = html.search(/<meta name="rentdue-supabase-url"|<\/head>/i)
  return at === -1 ? tags + html : html.slice(0, at) + tags + html.slice(at)
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
  const indexHtml = fs.existsSync(indexFile)
    ? deferScripts(
        inlineStylesheets(
          stripDefaultHeadTags(
            injectRuntimeConfig(fs.readFileSync(indexFile, 'utf8'), opts.runtimeConfig),
          ),
          opts.webDist,
        ),
      )
    : undefined
  // The fonts of the first paint (decision 163), hashed by the build: Bangers for the headings,
  // Nunito 400 for the intro lines (often the largest paint) and 800 for the buttons. Preloaded so
  // the text is not painted a second time, larger, once the CSS has asked for them.
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
  const hintsFor = pagePreloader(readManifest(opts.webDist), {
    webDist: opts.webDist,
    inlineStylesFor: INLINE_PAGE_STYLES,
  })
  if (!indexHtml) {
    app.log.warn(`no web build in ${opts.webDist}: run \`npm run build\` to serve the site`)
  }

  const firstPaintContent = async (
    request: FastifyRequest,
    pathname: string,
  ): Promise<FirstPaintContent> => {
    if (normalisePath(pathname) !== '/episodes' || !opts.readEpisodes) return {}
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), FIRST_PAINT_READ_MS)
    })
    try {
      return { episodes: await Promise.race([opts.readEpisodes(), late]) }
    } catch (error) {
      request.log.warn({ err: error }, 'reading the episodes for the first paint failed')
      return {}
    } finally {
      clearTimeout(timer)
    }
  }

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, asPath?: string) => {
    const pathname = asPath ?? pathnameOf(request.url)
    const meta = metaFor(pathname)
    const origin = opts.siteUrl ?? `${request.protocol}://${request.host}`
    // Known pages get their canonical form; unknown paths echo the (still encoded) path asked for.
    const url = origin + (meta.status === 404 ? rawPathOf(request.url) : normalisePath(pathname))
    const hints = hintsFor(pathname)
    const page = renderPage(indexHtml ?? '', meta, url, origin, fontPreload + hints.head)
    const content = await firstPaintContent(request, pathname)
    return reply
      .code(meta.status)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(withPagePreloads(withFirstPaint(page, pathname, content), hints.deferred))
  }

  if (fs.existsSync(opts.webDist)) {
    const assetsDir = path.join(opts.webDist, 'assets') + path.sep
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      redirect: false,
      // Uses app.js.br / app.js.gz when the build wrote them; @fastify/compress covers the rest.
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathname) => pathname !== '/index.html',
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', filePath.startsWith(assetsDir) ? IMMUTABLE : PUBLIC_FILE)
      },
    })
  }

  if (indexHtml) {
    app.get('/', (request, reply) => sendIndex(request, reply))
    // The file itself is the home page under another name.
    app.get('/index.html', (request, reply) => sendIndex(request, reply, '/'))
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = pathnameOf(request.url)
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
    const isSpaRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      indexHtml !== undefined &&
      !matchesPrefix(pathname, opts.apiPrefixes) &&
      !pathname.startsWith('/assets/') &&
      !lastSegment.includes('.') &&
      acceptsHtml(request)
    if (isSpaRoute) return sendIndex(request, reply)
    return reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method}:${pathname} not found`,
    })
  })
}
