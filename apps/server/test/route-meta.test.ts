// Link previews: every route's HTML carries its own title, description, canonical URL and Open
// Graph / Twitter card tags, over real HTTP. Part one serves a fake web build with the static-site
// plugin alone (SITE_URL set); part two goes through the whole app (buildApp) on a fresh database.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headTags, registerStaticSite } from '../src/http/static-site.js'
import { firstPaintFor } from '../src/http/first-paint.js'
import { notFoundMeta } from '../src/http/route-meta.js'
import { startTestServer, type TestServer } from './support/test-server.js'

const SITE = 'https://rentdue.example'
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8">' +
  '<meta name="description" content="template default">' +
  '<meta property="og:title" content="template default">' +
  '<meta name="twitter:card" content="summary_large_image">' +
  '<title>Rent Due</title></head><body><div id="root"></div></body></html>'
// The 8-byte PNG signature and an IHDR start: enough for a content-type check.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
const ROBOTS = 'User-agent: *\nAllow: /\n'
const IMAGE_ALT =
  'Rent Due: Bertha the landlady and the three roommates under a neon sign at night.'

/** [path, title, description] for every public route (SPEC §2). */
const ROUTES: readonly (readonly [string, string, string])[] = [
  [
    '/',
    'Rent Due · Three roommates. One landlady. Zero rent money.',
    'The fan site of Rent Due, the adult animated comedy about three broke roommates and the landlady who wants her money.',
  ],
  [
    '/episodes',
    'Episodes · Rent Due',
    'Watch every episode of Rent Due: three broke roommates, one landlady and a year of late rent.',
  ],
  [
    '/soundtrack',
    'Soundtrack · Rent Due',
    'Listen to the four Rent Due soundtrack volumes, from the 1st to the 4th, in the building’s own player.',
  ],
  [
    '/news',
    'News · Rent Due',
    'The latest Rent Due news, newest first, plus the virtual Meet the Cast Q&amp;A.',
  ],
  [
    '/games',
    'Games · Rent Due',
    'Play Rent Due games in your browser: the Fan Quiz, Whack-a-Bertha, Bill Collector and Penny Pinchers.',
  ],
  [
    '/games/fan-quiz',
    'Fan Quiz · Rent Due',
    'Ten questions about Rent Due. Score a perfect 10 to enter the monthly merch giveaway.',
  ],
  [
    '/games/penny-pitchers',
    'Penny Pinchers · Rent Due',
    'Toss your last coins into the rent jar before Bertha comes knocking.',
  ],
  [
    '/games/bill-collector',
    'Bill Collector · Rent Due',
    'Pick a roommate, catch the dollars, dodge the bills and make rent in five rounds.',
  ],
  [
    '/games/whack-a-bertha',
    'Whack-a-Bertha · Rent Due',
    'Eight doors, one landlady, thirty seconds. Whack Bertha before she collects.',
  ],
  [
    '/shop',
    'Shop · Rent Due',
    'Rent Due merchandise: hoodies, mugs, posters and more from the store.',
  ],
  [
    '/bts',
    'Behind the Scenes · Rent Due',
    'Behind the scenes of Rent Due: how each episode is drawn, voiced and scored.',
  ],
  ['/creators', 'Creators · Rent Due', 'Meet the people who make Rent Due.'],
  ['/cast', 'Cast · Rent Due', 'The characters of Rent Due and the voice actors behind them.'],
]

function expectedHead(
  title: string,
  description: string,
  url: string,
  opts: { noindex?: boolean; site?: string } = {},
): string {
  const site = opts.site ?? SITE
  return (
    `<title>${title}</title>` +
    `<meta name="description" content="${description}">` +
    (opts.noindex
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${url}">`) +
    '<meta property="og:type" content="website">' +
    '<meta property="og:site_name" content="Rent Due">' +
    `<meta property="og:title" content="${title}">` +
    `<meta property="og:description" content="${description}">` +
    `<meta property="og:url" content="${url}">` +
    `<meta property="og:image" content="${site}/og-image.png">` +
    '<meta property="og:image:width" content="1200">' +
    '<meta property="og:image:height" content="630">' +
    `<meta property="og:image:alt" content="${IMAGE_ALT}">` +
    '<meta name="twitter:card" content="summary_large_image">' +
    `<meta name="twitter:title" content="${title}">` +
    `<meta name="twitter:description" content="${description}">` +
    `<meta name="twitter:image" content="${site}/og-image.png">`
  )
}

let dist: string

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-meta-dist-'))
  await fs.mkdir(path.join(dist, 'assets'))
  await fs.writeFile(path.join(dist, 'index.html'), INDEX)
  await fs.writeFile(path.join(dist, 'robots.txt'), ROBOTS)
  await fs.writeFile(path.join(dist, 'og-image.png'), PNG)
})

afterAll(async () => {
  await fs.rm(dist, { recursive: true, force: true })
})

describe('per-route head tags (static-site plugin, SITE_URL set)', () => {
  let app: FastifyInstance
  let base: string

  beforeAll(async () => {
    app = Fastify()
    await registerStaticSite(app, {
      webDist: dist,
      apiPrefixes: ['/rest/v1'],
      runtimeConfig: { supabaseUrl: '', anonKey: 'anon-key' },
      siteUrl: SITE,
    })
    base = await app.listen({ host: '127.0.0.1', port: 0 })
  })

  afterAll(async () => {
    await app.close()
  })

  it.each(ROUTES)(
    'GET %s carries its own title, description, canonical and cards',
    async (p, title, description) => {
      const res = await fetch(`${base}${p}`, { headers: { accept: 'text/html' } })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const html = await res.text()
      const url = p === '/' ? `${SITE}/` : `${SITE}${p}`
      expect(html).toBe(
        '<!doctype html><html lang="en"><head><meta charset="UTF-8">' +
          expectedHead(title, description, url) +
          '<meta name="rentdue-supabase-url" content="">' +
          '<meta name="rentdue-supabase-anon-key" content="anon-key">' +
          `</head><body><div id="root">${firstPaintFor(p)}</div></body></html>`,
      )
      // The benched pages paint their heading before any JS runs (decision 163).
      const withHeading = ['/', '/episodes', '/soundtrack', '/news', '/games'].includes(p)
      expect(html.includes('<h1'), p).toBe(withHeading)
    },
  )

  it('gives a trailing-slash path and a query the canonical URL without them', async () => {
    const html = await (await fetch(`${base}/episodes/?utm_source=chat`)).text()
    expect(html).toContain(`<link rel="canonical" href="${SITE}/episodes">`)
    expect(html).toContain(`<meta property="og:url" content="${SITE}/episodes">`)
  })

  it('answers an unknown path 404 with the SPA HTML, the EVICTED title and noindex', async () => {
    for (const p of ['/nope', '/episodes/12', '/games/rent-runner']) {
      const res = await fetch(`${base}${p}`, { headers: { accept: 'text/html' } })
      expect(res.status, p).toBe(404)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const html = await res.text()
      expect(html).toContain(
        expectedHead(
          'Evicted · Rent Due',
          'This page has been evicted. Head home to Rent Due.',
          `${SITE}${p}`,
          { noindex: true },
        ),
      )
      expect(html).not.toContain('rel="canonical"')
      // The EVICTED page's first paint is the sign alone (its heading is React's).
      expect(html).toContain(`<div id="root">${firstPaintFor(p)}</div>`)
      expect(html).not.toContain('<h1')
    }
  })

  it('keeps the admin console out of search engines (200, noindex)', async () => {
    for (const p of ['/admin', '/admin/news']) {
      const res = await fetch(`${base}${p}`, { headers: { accept: 'text/html' } })
      expect(res.status, p).toBe(200)
      const html = await res.text()
      expect(html).toContain('<title>Admin · Rent Due</title>')
      expect(html).toContain('<meta name="robots" content="noindex">')
    }
  })

  it('escapes every value it writes', () => {
    const tags = headTags(
      { ...notFoundMeta, title: `Tom & "Jerry" <b>`, description: "it's <script>" },
      'https://x.example/"><script>alert(1)</script>',
      'https://x.example',
    )
    expect(tags).toContain('<title>Tom &amp; &quot;Jerry&quot; &lt;b&gt;</title>')
    expect(tags).toContain('<meta name="description" content="it&#39;s &lt;script&gt;">')
    expect(tags).toContain(
      '<meta property="og:url" content="https://x.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">',
    )
    expect(tags).not.toContain('<script>')
  })

  it('serves robots.txt and og-image.png as the real files', async () => {
    const robots = await fetch(`${base}/robots.txt`, { headers: { accept: 'text/html' } })
    expect(robots.status).toBe(200)
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await robots.text()).toBe(ROBOTS)
    const image = await fetch(`${base}/og-image.png`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG)
  })
})

describe('the first paint of /episodes when the episodes cannot be read in time', () => {
  it.each([
    ['fails', () => Promise.reject(new Error('database down'))],
    ['is slower than FIRST_PAINT_READ_MS', () => new Promise<never>(() => undefined)],
  ] as const)('serves the page loading when the read %s', async (_case, readEpisodes) => {
    const app = Fastify()
    await registerStaticSite(app, {
      webDist: dist,
      apiPrefixes: ['/rest/v1'],
      runtimeConfig: { supabaseUrl: '', anonKey: 'anon-key' },
      readEpisodes,
    })
    try {
      const res = await app.inject({ url: '/episodes', headers: { accept: 'text/html' } })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain(`<div id="root">${firstPaintFor('/episodes')}</div>`)
      expect(res.body).toContain('<span class="loading__label">Loading episodes...</span>')
    } finally {
      await app.close()
    }
  })
})

describe('per-route head tags through the whole app', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ env: { webDist: dist, siteUrl: SITE } })
  })

  afterAll(async () => {
    await server?.close()
  })

  it('uses SITE_URL from the config for canonical and og:image', async () => {
    const res = await fetch(`${server.url}/episodes`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(`<link rel="canonical" href="${SITE}/episodes">`)
    expect(html).toContain(`<meta property="og:image" content="${SITE}/og-image.png">`)
    expect(html.match(/<title>/g)).toHaveLength(1)
  })

  it('answers 404 + noindex for unknown paths, robots.txt and the PNG as files', async () => {
    const missing = await fetch(`${server.url}/no-such-page`, { headers: { accept: 'text/html' } })
    expect(missing.status).toBe(404)
    const html = await missing.text()
    expect(html).toContain('<title>Evicted · Rent Due</title>')
    expect(html).toContain('<meta name="robots" content="noindex">')
    expect(html).toContain('<div id="root"><header class="site-header"')

    const robots = await fetch(`${server.url}/robots.txt`, { headers: { accept: 'text/html' } })
    expect(await robots.text()).toBe(ROBOTS)
    const image = await fetch(`${server.url}/og-image.png`)
    expect(image.headers.get('content-type')).toBe('image/png')
  })
})
