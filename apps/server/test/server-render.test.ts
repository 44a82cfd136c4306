// Server-rendered pages over real HTTP: the static site loads the web build's server entry
// (dist/server/entry-server.js) and writes what it renders into index.html with the page's head
// tags, the router's data, the cache headers and an ETag. The entry here is a stand-in that
// answers like the real one (apps/web src/app/entry-server.tsx, whose pages the e2e suite checks
// in a browser): it names each page as the web app's route modules do and reads the episodes
// through the fetch it is given, i.e. through the app in-process, as anon. What the render cache
// keeps, and what it never keeps (a page whose data could not be read), is page-cache.test.ts.
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headTags } from '../src/http/page-head.js'
import { PUBLIC_PAGE, registerStaticSite } from '../src/http/static-site.js'
import { warmUp } from '../src/http/warm-up.js'
import { testFrontDoor } from './support/front-door.js'
import { rawRequest } from './support/raw-http.js'
import { startTestServer, type TestServer } from './support/test-server.js'
import { listenStaticSite, writeWebDist, type WebDist } from './support/web-dist.js'

const SITE = 'https://rentdue.example'
const HTML = { accept: 'text/html' }
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8">' +
  '<meta name="description" content="template default">' +
  '<meta property="og:title" content="template default">' +
  '<meta name="twitter:card" content="summary_large_image">' +
  '<title>Rent Due</title></head><body><div id="root"></div></body></html>'
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
const ROBOTS = 'User-agent: *\nAllow: /\n'
const IMAGE_ALT =
  'Rent Due: Bertha the landlady and the three roommates under a neon sign at night.'

/** The stand-in server entry: a plain ES module, as Vite's SSR build writes one. */
const ENTRY = `
const pages = {
  '/': ['Rent Due · Three roommates. One landlady. Zero rent money.', 'The fan site.'],
  '/episodes': ['Episodes · Rent Due', 'Watch every episode.'],
  '/news': ['News · Rent Due', 'The latest news & the Q&A.'],
  '/boom': ['Boom', 'A page with a bug.'],
}
export function matchPage(pathname) {
  const path = pathname.replace(/\\/+$/, '') || '/'
  if (path.startsWith('/admin')) return { routeIds: ['admin'], pattern: '/admin/*', params: {} }
  if (pages[path]) {
    return { routeIds: ['root', path === '/' ? 'home' : path.slice(1)], pattern: path, params: {} }
  }
  return { routeIds: ['root', 'not-found'], pattern: '/*', params: {} }
}
export async function render({ request, supabaseUrl, anonKey, fetch }) {
  const url = new URL(request.url)
  const path = url.pathname.replace(/\\/+$/, '') || '/'
  if (path === '/boom') throw new Error('a bug in a page')
  if (path.startsWith('/admin')) {
    return { status: 200, title: 'Admin · Rent Due', description: 'The console.', noindex: true,
      html: '', data: '', routeIds: ['admin'], complete: true }
  }
  const page = pages[path]
  if (!page) {
    return { status: 404, title: 'Evicted · Rent Due', description: 'Evicted.', noindex: true,
      html: '<h1>EVICTED</h1>', data: '', routeIds: ['root', 'not-found'], complete: true }
  }
  let html = '<h1>' + page[0] + '</h1>'
  let complete = true
  if (path === '/episodes') {
    const res = await fetch(supabaseUrl + '/rest/v1/episodes?select=title&order=episode_number',
      { headers: { apikey: anonKey, authorization: 'Bearer ' + anonKey } })
    const rows = res.ok ? await res.json() : []
    complete = res.ok
    html += '<ul>' + rows.map((r) => '<li>' + r.title + '</li>').join('') + '</ul>'
  }
  html += '<p>' + url.origin + ' ' + supabaseUrl + '</p>'
  return { status: 200, title: page[0], description: page[1], noindex: false, html,
    data: '<script type="application/json" id="rd-router-data">{}</script>',
    routeIds: ['root', path === '/' ? 'home' : path.slice(1)], complete }
}
`

function expectedHead(title: string, description: string, url: string, noindex = false) {
  return (
    `<title>${title}</title>` +
    `<meta name="description" content="${description}">` +
    (noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${url}">`) +
    '<meta property="og:type" content="website">' +
    '<meta property="og:site_name" content="Rent Due">' +
    `<meta property="og:title" content="${title}">` +
    `<meta property="og:description" content="${description}">` +
    (noindex ? '' : `<meta property="og:url" content="${url}">`) +
    `<meta property="og:image" content="${SITE}/og-image.png">` +
    '<meta property="og:image:width" content="1200">' +
    '<meta property="og:image:height" content="630">' +
    `<meta property="og:image:alt" content="${IMAGE_ALT}">` +
    '<meta name="twitter:card" content="summary_large_image">' +
    `<meta name="twitter:title" content="${title}">` +
    `<meta name="twitter:description" content="${description}">` +
    `<meta name="twitter:image" content="${SITE}/og-image.png">`
  )
}

let site: WebDist

beforeAll(async () => {
  site = await writeWebDist('ssr-dist', {
    'assets/': '',
    'index.html': INDEX,
    'robots.txt': ROBOTS,
    'og-image.png': PNG,
    'server/entry-server.js': ENTRY,
  })
})

afterAll(async () => {
  await site?.remove()
})

describe('server-rendered pages (static-site plugin, SITE_URL set)', () => {
  let app: FastifyInstance
  let base: string

  beforeAll(async () => {
    ;({ app, base } = await listenStaticSite(site.dist, SITE))
  })

  afterAll(async () => {
    await app.close()
  })

  it('writes the page, its head tags and its data into index.html, cacheable with an ETag', async () => {
    const res = await fetch(`${base}/news`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe(PUBLIC_PAGE)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600')
    expect(res.headers.get('etag')).toMatch(/^W\/"[\w-]{27}"$/)
    expect(await res.text()).toBe(
      '<!doctype html><html lang="en"><head><meta charset="UTF-8">' +
        expectedHead('News · Rent Due', 'The latest news &amp; the Q&amp;A.', `${SITE}/news`) +
        '<meta name="rentdue-supabase-url" content="">' +
        '<meta name="rentdue-supabase-anon-key" content="anon-key">' +
        '</head><body><div id="root"><h1>News · Rent Due</h1>' +
        `<p>${SITE} ${SITE}</p></div>` +
        '<script type="application/json" id="rd-router-data">{}</script></body></html>',
    )
  })

  it('answers 304 to a request that already has this HTML', async () => {
    const first = await fetch(`${base}/`, { headers: { accept: 'text/html' } })
    const etag = first.headers.get('etag')!
    const again = await fetch(`${base}/`, {
      headers: { accept: 'text/html', 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(await again.text()).toBe('')
    const other = await fetch(`${base}/`, {
      headers: { accept: 'text/html', 'if-none-match': 'W/"something-else"' },
    })
    expect(other.status).toBe(200)
  })

  it('gives a trailing-slash path and a query the canonical URL without them', async () => {
    const html = await (await fetch(`${base}/episodes/?utm_source=chat`)).text()
    expect(html).toContain(`<link rel="canonical" href="${SITE}/episodes">`)
    expect(html).toContain(`<meta property="og:url" content="${SITE}/episodes">`)
  })

  it('answers a path the site lacks 404 with the EVICTED page and noindex', async () => {
    for (const p of ['/nope', '/episodes/12']) {
      const res = await fetch(`${base}${p}`, { headers: { accept: 'text/html' } })
      expect(res.status, p).toBe(404)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const html = await res.text()
      expect(html).toContain(
        expectedHead('Evicted · Rent Due', 'Evicted.', `${SITE}${p}`, true) +
          '<meta name="rentdue-supabase-url"',
      )
      expect(html).toContain('<div id="root"><h1>EVICTED</h1></div>')
    }
  })

  it('sends the admin console as the bare shell, never cached, never indexed', async () => {
    for (const p of ['/admin', '/admin/news']) {
      const res = await fetch(`${base}${p}`, { headers: { accept: 'text/html' } })
      expect(res.status, p).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const html = await res.text()
      expect(html).toContain('<title>Admin · Rent Due</title>')
      expect(html).toContain('<meta name="robots" content="noindex">')
      expect(html).toContain('<div id="root"></div></body>')
    }
  })

  it('sends the shell, uncached, when the render fails', async () => {
    const res = await fetch(`${base}/boom`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toBe(
      INDEX.replace(
        '</head>',
        '<meta name="rentdue-supabase-url" content="">' +
          '<meta name="rentdue-supabase-anon-key" content="anon-key"></head>',
      ),
    )
  })

  it('warms up by rendering a page in-process, reporting its status', async () => {
    expect(await warmUp(app)).toMatchObject({ path: '/', status: 200 })
    expect(await warmUp(app, '/nowhere')).toMatchObject({ path: '/nowhere', status: 404 })
  })

  it('never hands out the server entry or index.html as files', async () => {
    for (const p of ['/server/entry-server.js', '/index.html']) {
      const res = await fetch(`${base}${p}`)
      expect(await res.text(), p).not.toContain('export async function render')
    }
  })

  it('escapes every head value it writes', () => {
    const tags = headTags(
      { title: `Tom & "Jerry" <b>`, description: "it's <script>", noindex: false },
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
    expect(await robots.text()).toBe(ROBOTS)
    const image = await fetch(`${base}/og-image.png`)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG)
  })
})

describe('kept pages at the front door (no Fastify, the same answer)', () => {
  let app: FastifyInstance
  let base: string
  /** Requests that went through Fastify's hooks. */
  let throughFastify = 0

  beforeAll(async () => {
    const door = testFrontDoor()
    app = Fastify({ serverFactory: door.serverFactory })
    // A header every response gets from a hook, as the security headers are.
    app.addHook('onRequest', async (_request, reply) => {
      throughFastify++
      reply.header('X-Frame-Options', 'DENY')
    })
    await registerStaticSite(app, {
      webDist: site.dist,
      apiPrefixes: ['/rest/v1'],
      runtimeConfig: { supabaseUrl: '', anonKey: 'anon-key' },
      siteUrl: SITE,
      frontDoor: door,
    })
    base = await app.listen({ host: '127.0.0.1', port: 0 })
  })

  afterAll(async () => {
    await app.close()
  })

  /** A response as compared: everything but the moment and the socket's own headers. */
  const comparable = (status: number, headers: Record<string, unknown>, body: Buffer) => {
    const { date: _d, connection: _c, 'keep-alive': _k, ...rest } = headers
    return { status, headers: rest, body: body.toString('base64') }
  }

  it('answers a kept page as Fastify does, for every encoding, HEAD, 304 and the age gate', async () => {
    const first = await rawRequest(`${base}/news?ref=chat`, { headers: HTML })
    expect(first.status).toBe(200)
    const etag = String(first.headers.etag)
    const asks: { method?: 'GET' | 'HEAD'; headers: Record<string, string> }[] = [
      { headers: HTML },
      { headers: { ...HTML, 'accept-encoding': 'br, gzip' } },
      { headers: { ...HTML, 'accept-encoding': 'gzip' } },
      { headers: { ...HTML, cookie: 'theme=dark; ageVerified=true' } },
      { headers: { ...HTML, 'if-none-match': etag } },
      { method: 'HEAD', headers: { ...HTML, 'accept-encoding': 'br' } },
    ]
    const before = throughFastify
    for (const ask of asks) {
      const door = await rawRequest(`${base}/news?ref=${Math.random()}`, ask)
      const fastify = await app.inject({
        method: ask.method ?? 'GET',
        url: '/news',
        headers: ask.headers,
      })
      expect(comparable(door.status, door.headers, door.body)).toEqual(
        comparable(fastify.statusCode, fastify.headers, fastify.rawPayload),
      )
    }
    // Every one of the real requests was answered at the door; only the injected ones ran hooks.
    expect(throughFastify).toBe(before + asks.length)
  })

  it('leaves to Fastify a non-HTML ask, a path it has not routed to a page, and a page not kept', async () => {
    await rawRequest(`${base}/`, { headers: HTML })
    const before = throughFastify
    const json = await rawRequest(`${base}/`, { headers: { accept: 'application/json' } })
    expect(json.status).toBe(200)
    const robots = await rawRequest(`${base}/robots.txt`, { headers: HTML })
    expect(robots.body.toString()).toBe(ROBOTS)
    // A path longer than any page's is not remembered: the EVICTED page, from Fastify each time.
    const long = `/${'x'.repeat(300)}`
    for (let i = 0; i < 2; i++) {
      expect((await rawRequest(`${base}${long}`, { headers: HTML })).status).toBe(404)
    }
    // A page whose render failed is not kept: asked again, it is Fastify's again.
    for (let i = 0; i < 2; i++) {
      const boom = await rawRequest(`${base}/boom`, { headers: HTML })
      expect(boom.headers['cache-control']).toBe('no-store')
    }
    expect(throughFastify).toBe(before + 6)
  })
})

describe('server-rendered pages through the whole app', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ env: { webDist: site.dist, siteUrl: SITE } })
  })

  afterAll(async () => {
    await server?.close()
  })

  it('reads a page’s data in-process as anon, through the grants and row level security', async () => {
    await server.adminPool.query(
      `insert into public.episodes (episode_number, title, synopsis, thumbnail, video_url)
       values (2, 'Two & <Two>', 'The second.', '/media/episodes/ep2.svg', '/media/ep2.mp4'),
              (1, 'One', 'The first.', '/media/episodes/ep1.svg', '/media/ep1.mp4')`,
    )
    try {
      const res = await fetch(`${server.url}/episodes`, { headers: { accept: 'text/html' } })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe(PUBLIC_PAGE)
      const html = await res.text()
      expect(html).toContain('<ul><li>One</li><li>Two & <Two></li></ul>')
      // The API's URLs in the page are on SITE_URL (the meta tag is empty: the page's origin).
      expect(html).toContain(`<p>${SITE} ${SITE}</p>`)
      expect(html).toContain(`<link rel="canonical" href="${SITE}/episodes">`)
    } finally {
      await server.adminPool.query('delete from public.episodes where episode_number in (1, 2)')
    }
  })
})
