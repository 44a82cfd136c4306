// The static site, security headers, CORS and health check, over real HTTP against a tiny fake
// web build (no Vite needed) served by the real app on a fresh database.
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import { createApiPool } from '../src/db/pools.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'
import { injectRuntimeConfig } from '../src/http/static-site.js'
import { rawRequest as request, type RawResponse } from './support/raw-http.js'
import { startTestServer, type TestServer } from './support/test-server.js'
import { writeWebDist, type WebDist } from './support/web-dist.js'

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }
const INLINE_SCRIPT = "document.documentElement.dataset.seen = ''"
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Rent Due</title>' +
  `<script>${INLINE_SCRIPT}</script>` +
  '<script type="module" crossorigin src="/assets/app-3f9a1c.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-77aa01.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/app-5e2b7d.css"></head>' +
  '<body><div id="root"></div></body></html>'
const APP_CSS = '.site-header{color:#f5d547}\n'

// Big and repetitive enough to be worth compressing.
const APP_JS = 'export const episodes = [' + '"Rent Due, episode one",'.repeat(400) + ']\n'
const ROBOTS = 'User-agent: *\nAllow: /\n'

// The build's own inline script (index.html) is the one inline script the policy allows, by its
// hash.
const SCRIPT_HASH = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`
const EXPECTED_CSP =
  `default-src 'self';script-src 'self' ${SCRIPT_HASH};style-src 'self' 'unsafe-inline';` +
  "img-src 'self' data: blob:;media-src 'self' blob:;font-src 'self';connect-src 'self';" +
  "frame-src https://drive.google.com;frame-ancestors 'none';object-src 'none';base-uri 'self';" +
  "form-action 'self'"

let site: WebDist
let server: TestServer

beforeAll(async () => {
  site = await writeWebDist('dist', {
    'index.html': INDEX,
    'assets/app-3f9a1c.js': APP_JS,
    'assets/app-5e2b7d.css': APP_CSS,
    'robots.txt': ROBOTS,
  })
  server = await startTestServer({ env: { webDist: site.dist } })
})

afterAll(async () => {
  await server?.close()
  await site?.remove()
})

function expectSecurityHeaders(res: RawResponse) {
  expect(res.headers['content-security-policy']).toBe(EXPECTED_CSP)
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(res.headers['x-frame-options']).toBe('DENY')
  const pp = res.headers['permissions-policy']
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(pp).toContain(`${feature}=()`)
  }
  expect(pp).toContain('autoplay=(self)')
}

describe('static site', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const res = await request(`${server.url}/assets/app-3f9a1c.js`)
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/)
    expect(res.body.toString()).toBe(APP_JS)
    expectSecurityHeaders(res)
  })

  it('serves index.html uncached with the runtime config injected before </head>', async () => {
    for (const p of ['/', '/index.html']) {
      const res = await request(`${server.url}${p}`, { headers: HTML })
      expect(res.status).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      const html = res.body.toString()
      expect(html).toContain(
        '<meta name="rentdue-supabase-url" content="">' +
          `<meta name="rentdue-supabase-anon-key" content="${server.keys.anonKey}"></head>`,
      )
      // Without a server entry, the build's own head (server-render.test.ts checks a page's).
      expect(html.match(/<title>/g)).toHaveLength(1)
      expect(html).toContain('<title>Rent Due</title>')
      // The stylesheet stays a link: inlining is for server-rendered pages.
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app-5e2b7d.css">')
      expect(html).not.toContain(server.keys.serviceRoleKey)
      expectSecurityHeaders(res)
    }
  })

  it('without a server entry in the build, sends the shell for the browser to render, GET and HEAD', async () => {
    for (const p of ['/episodes', '/games/fan-quiz?level=2', '/episodes/12']) {
      const res = await request(`${server.url}${p}`, { headers: HTML })
      expect(res.status, p).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      const html = res.body.toString()
      expect(html).toContain('<div id="root"></div>')
      expect(html).toContain('<script type="module" crossorigin src="/assets/app-3f9a1c.js">')
    }
    const head = await request(`${server.url}/episodes`, { method: 'HEAD', headers: HTML })
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(head.body.length).toBe(0)
  })

  it('answers a real 404 for missing files, assets and non-HTML requests', async () => {
    for (const [p, headers] of [
      ['/assets/nope.js', HTML],
      ['/assets/nothing-here', HTML],
      ['/missing.png', HTML],
      ['/episodes', { accept: 'application/json' }],
    ] as const) {
      const res = await request(`${server.url}${p}`, { headers })
      expect(res.status, p).toBe(404)
      expect(res.body.toString()).not.toContain('<div id="root">')
      expectSecurityHeaders(res)
    }
    // A page takes posted forms (page-actions.ts, decision 300); a post that is not one is refused.
    const post = await request(`${server.url}/episodes`, { method: 'POST', headers: HTML })
    expect(post.status).toBe(415)
    expect(post.body.toString()).not.toContain('<div id="root">')
  })

  it('serves other files in dist as files, never through the fallback', async () => {
    const res = await request(`${server.url}/robots.txt`, { headers: HTML })
    expect(res.status).toBe(200)
    expect(res.body.toString()).toBe(ROBOTS)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.headers['cache-control']).toBe(
      'public, max-age=86400, stale-while-revalidate=604800',
    )
  })

  it('compresses with brotli and gzip as the client asks', async () => {
    const br = await request(`${server.url}/assets/app-3f9a1c.js`, {
      headers: { 'accept-encoding': 'br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.body.length).toBeLessThan(APP_JS.length / 10)
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(APP_JS)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    const gz = await request(`${server.url}/assets/app-3f9a1c.js`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).toString()).toBe(APP_JS)

    const plain = await request(`${server.url}/assets/app-3f9a1c.js`)
    expect(plain.headers['content-encoding']).toBeUndefined()
  })

  it('uses a precompressed .br file from the build when there is one', async () => {
    const marker = Buffer.from('precompressed at build time')
    const file = path.join(site.dist, 'assets', 'app-3f9a1c.js.br')
    await fs.writeFile(file, zlib.brotliCompressSync(marker))
    // Files are read when the server starts: a build never changes under a running server.
    const built = await startTestServer({ env: { webDist: site.dist } })
    try {
      const res = await request(`${built.url}/assets/app-3f9a1c.js`, {
        headers: { 'accept-encoding': 'br' },
      })
      expect(res.headers['content-encoding']).toBe('br')
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(marker.toString())
    } finally {
      await built.close()
      await fs.rm(file)
    }
  })

  it('answers a revalidation of an asset with 304 and its ETag, whatever the encoding', async () => {
    const first = await request(`${server.url}/assets/app-3f9a1c.js`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    const etag = first.headers.etag
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    expect(first.headers.vary).toMatch(/accept-encoding/i)
    for (const encoding of ['br', 'gzip', 'identity']) {
      const again = await request(`${server.url}/assets/app-3f9a1c.js`, {
        headers: { 'accept-encoding': encoding, 'if-none-match': String(etag) },
      })
      expect(again.status).toBe(304)
      expect(again.body.length).toBe(0)
      expect(again.headers.etag).toBe(etag)
    }
  })

  it('serves an asset as it was when the server started, not as the disk has it now', async () => {
    const file = path.join(site.dist, 'assets', 'app-3f9a1c.js')
    await fs.writeFile(file, 'changed under a running server')
    try {
      const res = await request(`${server.url}/assets/app-3f9a1c.js`)
      expect(res.status).toBe(200)
      expect(res.body.toString()).toBe(APP_JS)
    } finally {
      await fs.writeFile(file, APP_JS)
    }
  })

  it('HTML-escapes the injected values', () => {
    const html = injectRuntimeConfig('<html><HEAD></HEAD></html>', {
      supabaseUrl: 'https://x.example/"><script>alert(1)</script>',
      anonKey: "a'b&c",
    })
    expect(html).toBe(
      '<html><HEAD><meta name="rentdue-supabase-url" content="https://x.example/&quot;&gt;' +
        '&lt;script&gt;alert(1)&lt;/script&gt;"><meta name="rentdue-supabase-anon-key" ' +
        'content="a&#39;b&amp;c"></HEAD></html>',
    )
  })
})

describe('CORS on the API prefixes', () => {
  it('answers a preflight with 204, echoing the requested headers', async () => {
    const requested = 'authorization, apikey, x-client-info, content-type, prefer'
    const res = await request(`${server.url}/rest/v1/fan_club_signups`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://fans.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': requested,
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.headers['access-control-allow-headers']).toBe(requested)
    expect(res.headers['access-control-allow-methods']).toBe(
      'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
    )
  })

  it('exposes the headers supabase-js reads, on errors too', async () => {
    for (const p of ['/rest/v1/', '/auth/v1/no-such-endpoint', '/storage/v1/object/x/y']) {
      const res = await request(`${server.url}${p}?select=*`, {
        method: 'DELETE',
        headers: { origin: 'https://fans.example' },
      })
      expect(res.headers['access-control-allow-origin'], p).toBe('*')
      expect(res.headers['access-control-expose-headers']).toBe(
        'Content-Range, X-Supabase-Api-Version, Content-Location, Location, Content-Type, ' +
          'Content-Length, ETag, Accept-Ranges',
      )
      expectSecurityHeaders(res)
    }
  })

  it('adds no CORS headers outside the API', async () => {
    const res = await request(`${server.url}/`, { headers: { origin: 'https://evil.example' } })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('health', () => {
  it('GET /healthz is 200 {"status":"ok"} when the database answers', async () => {
    const res = await request(`${server.url}/healthz`)
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok' })
  })

  it('GET /healthz is 503 when the database is down', async () => {
    // A pool aimed at a port nothing listens on: the database is unreachable.
    const dead = createApiPool('postgres://127.0.0.1:1/none', 4)
    const app = await buildApp({ config: server.config, keys: server.keys, pool: dead })
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ status: 'unavailable', message: 'database unreachable' })
    } finally {
      await app.close()
      await dead.end()
    }
  })
})

describe('configured public Supabase URL', () => {
  it('adds its origin to connect-src and to the meta tag', async () => {
    const other = await startTestServer({
      env: { webDist: site.dist, publicSupabaseUrl: 'https://abcd.supabase.co' },
    })
    try {
      const res = await request(`${other.url}/`, { headers: HTML })
      expect(res.headers['content-security-policy']).toContain(
        "connect-src 'self' https://abcd.supabase.co;",
      )
      expect(res.body.toString()).toContain(
        '<meta name="rentdue-supabase-url" content="https://abcd.supabase.co">',
      )
    } finally {
      await other.close()
    }
  })
})
