// The production web build (WEB_DIST): hashed /assets/* cached for a year, every other file in
// dist served as a file (robots.txt, icons), index.html never cached and carrying the runtime
// config in two <meta> tags, and a SPA fallback so a reload of /episodes gets index.html. Missing
// files (anything with an extension, anything under /assets) get a real 404.
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { matchesPrefix } from './cors.js'

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'

export interface RuntimeConfig {
  /** Empty string = the same origin as the page. */
  supabaseUrl: string
  anonKey: string
}

export interface StaticSiteOptions {
  webDist: string
  apiPrefixes: string[]
  runtimeConfig: RuntimeConfig
}

function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/** Adds the runtime config before </head>. Only ever the anon key: never the service key. */
export function injectRuntimeConfig(html: string, rc: RuntimeConfig): string {
  const tags =
    `<meta name="rentdue-supabase-url" content="${escapeHtml(rc.supabaseUrl)}">` +
    `<meta name="rentdue-supabase-anon-key" content="${escapeHtml(rc.anonKey)}">`
  const at = html.search(/<\/head>/i)
  return at === -1 ? tags + html : html.slice(0, at) + tags + html.slice(at)
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
    ? injectRuntimeConfig(fs.readFileSync(indexFile, 'utf8'), opts.runtimeConfig)
    : undefined
  if (!indexHtml) {
    app.log.warn(`no web build in ${opts.webDist}: run \`npm run build\` to serve the site`)
  }

  const sendIndex = (reply: FastifyReply) =>
    reply
      .code(200)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(indexHtml)

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
        reply.header('Cache-Control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE)
      },
    })
  }

  if (indexHtml) {
    app.get('/', (_request, reply) => sendIndex(reply))
    app.get('/index.html', (_request, reply) => sendIndex(reply))
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
    if (isSpaRoute) return sendIndex(reply)
    return reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method}:${pathname} not found`,
    })
  })
}
