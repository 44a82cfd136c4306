// /sitemap.xml and /robots.txt, answered by the server (not files of the build): every URL in them
// is on SITE_URL, never on the request's Host.
//
// The sitemap lists every public page with a path of its own (the web build's route table:
// `publicPaths`) and every episode's page (/episodes/<slug>, read as a visitor reads them, through
// the API in-process, so row level security decides), each with its last change: an episode's
// `updated_at`; /episodes and Home, the later of the build and the latest episode change; any
// other page, the build (its words live in the build). It is kept in memory until the episodes
// change (migration 0012's NOTIFY) or a minute passes, and is cacheable by a CDN like a page.
// A failed read is never an empty sitemap: 503 with Retry-After, and nothing kept.
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { escapeHtml } from './escape-html.js'
import { NO_STORE, pageEtag, PUBLIC_PAGE } from './page-server.js'
import type { PageReads } from './page-reads.js'
import { readRows, ReadFailed } from './api-rows.js'
import { pageFetch } from './server-render.js'
import { anyQuery } from './route-schemas.js'

export interface SitemapOptions {
  siteUrl: string
  anonKey: string
  webDist: string
  pageReads: PageReads
  readTimeoutMs: number
  /** The public pages with a path of their own (the web build's `publicPaths`). */
  publicPaths: () => string[]
  /** Subscribes to content changes (`public.episodes`, `*`). */
  onContentChange?: (invalidate: (dependency: string) => void) => void
}

/** How long a built sitemap is kept when nothing says the episodes changed. */
export const SITEMAP_FRESH_MS = 60_000

interface EpisodeRow {
  slug: string
  updated_at: string
}

interface Built {
  xml: string
  etag: string
  at: number
}

function isEpisodeRows(value: unknown): value is EpisodeRow[] {
  return (
    Array.isArray(value) &&
    value.every(
      (row: unknown) =>
        typeof row === 'object' &&
        row !== null &&
        typeof (row as EpisodeRow).slug === 'string' &&
        typeof (row as EpisodeRow).updated_at === 'string',
    )
  )
}

/** The sitemap's XML for `pages` (path, lastmod), on `siteUrl`. */
export function sitemapXml(siteUrl: string, pages: readonly [string, Date][]): string {
  const urls = pages.map(
    ([pagePath, lastmod]) =>
      `<url><loc>${escapeHtml(siteUrl + pagePath)}</loc><lastmod>${lastmod.toISOString()}</lastmod></url>`,
  )
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  )
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`
}

export function registerSitemap(app: FastifyInstance, opts: SitemapOptions): void {
  const indexFile = path.join(opts.webDist, 'index.html')
  const built = fs.existsSync(indexFile) ? fs.statSync(indexFile).mtime : new Date(0)
  let kept: Built | undefined
  let building: Promise<Built> | undefined
  let generation = 0

  opts.onContentChange?.((dependency) => {
    if (dependency !== 'public.episodes' && dependency !== '*') return
    kept = undefined
    generation += 1
  })

  const readEpisodes = () =>
    readRows(
      pageFetch(app, {
        pageReads: opts.pageReads,
        readTimeoutMs: opts.readTimeoutMs,
        onRead: () => undefined,
      }),
      `${opts.siteUrl}/rest/v1/episodes?select=slug,updated_at&order=episode_number.asc`,
      opts.anonKey,
      isEpisodeRows,
      'the episodes',
    )

  const build = async (): Promise<Built> => {
    const started = generation
    const episodes = await readEpisodes()
    const latest = episodes.reduce(
      (at, row) => Math.max(at, Date.parse(row.updated_at) || 0),
      built.getTime(),
    )
    const pages = opts
      .publicPaths()
      .map((page): [string, Date] => [
        page,
        page === '/' || page === '/episodes' ? new Date(latest) : built,
      ])
    for (const row of episodes) {
      pages.push([`/episodes/${encodeURIComponent(row.slug)}`, new Date(row.updated_at)])
    }
    const xml = sitemapXml(opts.siteUrl, pages)
    const result = { xml, etag: pageEtag(xml), at: Date.now() }
    // A change while it was read: what was read may be older than the change.
    if (started === generation) kept = result
    return result
  }

  const current = (): Promise<Built> => {
    if (kept && Date.now() - kept.at < SITEMAP_FRESH_MS) return Promise.resolve(kept)
    building ??= build().finally(() => {
      building = undefined
    })
    return building
  }

  const schema = { querystring: anyQuery }
  app.get('/sitemap.xml', { schema }, async (request, reply: FastifyReply) => {
    let sitemap: Built
    try {
      sitemap = await current()
    } catch (error) {
      if (!(error instanceof ReadFailed)) throw error
      request.log.warn({ err: error }, 'the sitemap could not be built')
      return reply
        .code(503)
        .header('Retry-After', '30')
        .header('Cache-Control', NO_STORE)
        .type('text/plain; charset=utf-8')
        .send('The sitemap is briefly unavailable. Please try again in a moment.\n')
    }
    reply
      .header('Cache-Control', PUBLIC_PAGE)
      .header('ETag', sitemap.etag)
      .type('application/xml; charset=utf-8')
    if (request.headers['if-none-match'] === sitemap.etag) return reply.code(304).send()
    return reply.send(sitemap.xml)
  })

  app.get('/robots.txt', { schema }, (_request, reply) =>
    reply
      .header('Cache-Control', PUBLIC_PAGE)
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(opts.siteUrl)),
  )
}
