// Page URLs built from request headers (the attack): a request with a forged Host, or with
// X-Forwarded-Host / X-Forwarded-Proto behind TRUST_PROXY, used to get the page's canonical and
// Open Graph URLs and every API URL in it (artwork, audio, video) on the attacker's host, in HTML
// marked cacheable for a CDN to hand to everyone. Every URL in a page now comes from SITE_URL
// (and PUBLIC_SUPABASE_URL); the render cache keys on the page, not on the Host, so a forged
// request also gets, and leaves, exactly what everyone gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from './support/raw-http.js'
import { writeStandInBuild, type StandInBuild } from './support/stand-in-build.js'
import { startTestServer, type TestServer } from './support/test-server.js'

const SITE = 'https://rentdue.example'

let build: StandInBuild

beforeAll(async () => {
  build = await writeStandInBuild()
})

afterAll(async () => {
  await build?.remove()
})

/** A page as a visitor with `headers` gets it (node:http: fetch will not send a forged Host). */
async function get(base: string, path: string, headers: Record<string, string>) {
  const res = await rawRequest(`${base}${path}`, { headers: { accept: 'text/html', ...headers } })
  return { status: res.status, etag: res.headers.etag, html: res.body.toString('utf8') }
}

const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  'x-forwarded-for': '203.0.113.66',
}

async function expectNoForgedUrls(server: TestServer) {
  for (const path of ['/', '/news', '/no-such-page']) {
    const forged = await get(server.url, path, FORGED)
    expect(forged.html, path).not.toContain('evil.example')
    // EVICTED (/no-such-page) names no address of its own: one page for every unknown path.
    if (path !== '/no-such-page') {
      expect(forged.html, path).toContain(
        `<meta property="og:url" content="${SITE}${path === '/' ? '/' : path}">`,
      )
    } else {
      expect(forged.html, path).not.toContain('og:url')
    }
    const honest = await get(server.url, path, {})
    expect(honest.html, path).not.toContain('evil.example')
    expect(honest.etag, path).toBe(forged.etag)
  }
  // The API's URLs in the page (the artwork, audio and video a CDN would serve with it).
  const home = await get(server.url, '/', FORGED)
  expect(home.html).toContain(`${SITE}/storage/v1/object/public/Behind%20the%20scenes/clip.webm`)
  expect(home.html).toContain(`<p>${SITE} ${SITE}</p>`)
}

describe('no URL in a page comes from Host or X-Forwarded-*', () => {
  let plain: TestServer
  let proxied: TestServer

  beforeAll(async () => {
    plain = await startTestServer({ env: { webDist: build.dist, siteUrl: SITE } })
    proxied = await startTestServer({
      env: { webDist: build.dist, siteUrl: SITE, trustProxy: true },
    })
  })

  afterAll(async () => {
    await plain?.close()
    await proxied?.close()
  })

  it('a forged Host header puts nothing of it into a page (TRUST_PROXY unset)', async () => {
    await expectNoForgedUrls(plain)
  })

  it('X-Forwarded-Host and X-Forwarded-Proto behind TRUST_PROXY put nothing into a page', async () => {
    await expectNoForgedUrls(proxied)
  })
})
