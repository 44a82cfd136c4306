// Forms the browser posts to a page itself (page-actions.ts, decision 300), over real HTTP: what is
// refused before anything is rendered (another site's post, a body that is not a small form, more
// posts than a fair share) and how an accepted post is handed to the web build's server entry and
// answered. The entry here is a stand-in that answers like the real one (apps/web
// src/app/entry-server.tsx, whose route action the e2e suite drives in a browser, with and without
// JavaScript); it reports each render to the test. Also the age gate's cookie (age-answer.ts),
// which marks a page when it is sent.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  FORM_BODY_LIMIT,
  FORM_MAX_FIELD_LENGTH,
  FORM_MAX_FIELDS,
  POSTS_PER_CLIENT,
} from '../src/http/page-actions.js'
import { NO_STORE, PUBLIC_PAGE } from '../src/http/static-site.js'
import { listenStaticSite, writeWebDist, type WebDist } from './support/web-dist.js'

const SITE = 'https://rentdue.example'
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Rent Due</title></head>' +
  '<body><div id="root"></div></body></html>'

interface Render {
  method: string
  path: string
  form: Record<string, string>
}

declare global {
  // The stand-in entry reports here, and waits on `hold` for the path /slow.
  var pageActionRenders: Render[]
  var pageActionHold: Promise<void> | undefined
}

/** The stand-in server entry: a post's outcome is its `status` field; /moved redirects. */
const ENTRY = `
export function matchPage(pathname) {
  return { routeIds: ['root', 'news'], pattern: pathname, params: {} }
}
export async function render({ request }) {
  const url = new URL(request.url)
  const form = request.method === 'POST' ? Object.fromEntries(await request.formData()) : {}
  globalThis.pageActionRenders.push({ method: request.method, path: url.pathname, form })
  if (url.pathname === '/slow') await globalThis.pageActionHold
  if (url.pathname === '/broken') throw new Error('a bug in an action')
  if (url.pathname === '/moved') return { status: 303, redirect: form.to, title: '', description: '',
    noindex: true, html: '', data: '', routeIds: [], complete: false }
  const status = Number(form.status ?? 200)
  return { status, title: 'News · Rent Due', description: 'News.', noindex: false,
    html: '<h1>' + request.method + ' ' + (form.status ?? 'page') + '</h1>', data: '',
    routeIds: ['root', 'news'], complete: true }
}
`

let site: WebDist
let app: FastifyInstance
let base: string

beforeAll(async () => {
  globalThis.pageActionRenders = []
  site = await writeWebDist('page-actions', {
    'index.html': INDEX,
    'server/entry-server.js': ENTRY,
  })
  ;({ app, base } = await listenStaticSite(site.dist, SITE))
})

afterAll(async () => {
  await app.close()
  await site?.remove()
})

beforeEach(() => {
  globalThis.pageActionRenders = []
})

const FORM = 'application/x-www-form-urlencoded'

function post(pathname: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': FORM, origin: SITE, 'sec-fetch-site': 'same-origin', ...headers },
    body,
  })
}

describe('a form posted to a page', () => {
  it('renders the page with the post, for this visitor only', async () => {
    const res = await post('/news', 'intent=fan-club&email=fan%40example.com&status=200')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe(NO_STORE)
    expect(res.headers.get('etag')).toBeNull()
    expect(await res.text()).toContain('<div id="root"><h1>POST 200</h1></div>')
    expect(globalThis.pageActionRenders).toEqual([
      {
        method: 'POST',
        path: '/news',
        form: { intent: 'fan-club', email: 'fan@example.com', status: '200' },
      },
    ])
  })

  it("answers with the outcome's status, and Retry-After where waiting helps", async () => {
    const refused = await post('/news', 'status=400')
    expect(refused.status).toBe(400)
    expect(refused.headers.get('retry-after')).toBeNull()
    const limited = await post('/news', 'status=429')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('5')
    const down = await post('/', 'status=503')
    expect(down.status).toBe(503)
    expect(down.headers.get('retry-after')).toBe('5')
  })

  it('accepts a post without Origin or Sec-Fetch-Site (not a browser, or an old one)', async () => {
    const res = await fetch(`${base}/news`, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: 'status=200',
    })
    expect(res.status).toBe(200)
    expect(globalThis.pageActionRenders).toHaveLength(1)
  })

  it('refuses a post from another site with a page that says so, and renders nothing', async () => {
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      { origin: 'null' },
      // The site's origin is SITE_URL's, never the Host the request names.
      { origin: base, host: new URL(base).host },
    ]
    for (const headers of cases) {
      const res = await post('/news', 'intent=fan-club&status=200', headers)
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect(res.headers.get('cache-control')).toBe(NO_STORE)
      expect(await res.text()).toContain('<h1>This form came from another site</h1>')
    }
    expect(globalThis.pageActionRenders).toEqual([])
  })

  it('refuses a body that is not a small form with 400 or 415, never 500', async () => {
    const tooMany = Array.from({ length: FORM_MAX_FIELDS + 1 }, (_, i) => `f${i}=1`).join('&')
    const tooLong = `comment=${'x'.repeat(FORM_MAX_FIELD_LENGTH + 1)}`
    const longName = `${'n'.repeat(FORM_MAX_FIELD_LENGTH + 1)}=1`
    const tooLarge = `a=${'%41'.repeat(FORM_BODY_LIMIT / 3 + 1)}`
    for (const body of [tooMany, tooLong, longName, tooLarge]) {
      const res = await post('/news', body)
      expect(res.status, body.slice(0, 20)).toBe(400)
      expect(await res.text()).toContain('<h1>This form could not be read</h1>')
    }
    const json = await post('/news', '{"a":1}', { 'content-type': 'application/json' })
    expect(json.status).toBe(415)
    const multipart = await post('/news', '--x\r\n\r\n--x--', {
      'content-type': 'multipart/form-data; boundary=x',
    })
    expect(multipart.status).toBe(415)
    const bare = await fetch(`${base}/news`, { method: 'POST', headers: { origin: SITE } })
    expect(bare.status).toBe(415)
    // The largest form that is allowed still goes through.
    const fits = Array.from({ length: FORM_MAX_FIELDS }, (_, i) => `f${i}=1`).join('&')
    expect(
      (await post('/news', `${fits}&comment=${'x'.repeat(FORM_MAX_FIELD_LENGTH)}`)).status,
    ).toBe(400)
    expect(
      (await post('/news', `status=200&comment=${'x'.repeat(FORM_MAX_FIELD_LENGTH)}`)).status,
    ).toBe(200)
    expect(globalThis.pageActionRenders).toHaveLength(1)
  })

  it('leaves posts to the API, the assets and files to their own 404', async () => {
    for (const pathname of ['/rest/v1', '/assets/app.js', '/robots.txt']) {
      const res = await post(pathname, 'a=1')
      expect(res.status, pathname).toBe(404)
      expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
    }
    expect(globalThis.pageActionRenders).toEqual([])
  })

  it('renders at most a fair share of posts per address at once: 429 with Retry-After', async () => {
    let release = () => {}
    globalThis.pageActionHold = new Promise<void>((resolve) => (release = resolve))
    const held = Array.from({ length: POSTS_PER_CLIENT }, () => post('/slow', 'status=200'))
    // Every held post has reached the entry before the next one is sent.
    await expect.poll(() => globalThis.pageActionRenders.length).toBe(POSTS_PER_CLIENT)
    const extra = await post('/slow', 'status=200')
    expect(extra.status).toBe(429)
    expect(extra.headers.get('retry-after')).toBe('5')
    expect(await extra.text()).toContain('<h1>One moment, please</h1>')
    release()
    for (const res of await Promise.all(held)) expect(res.status).toBe(200)
    globalThis.pageActionHold = undefined
    // Its share is free again.
    expect((await post('/slow', 'status=200')).status).toBe(200)
  })

  it('says the outcome is unknown (503) when the render fails, never the bare shell', async () => {
    const res = await post('/broken', 'intent=fan-club')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(await res.text()).toContain('<h1>Back in a moment</h1>')
  })

  it("follows an action's redirect within the site only", async () => {
    const moved = await post('/moved', 'to=/news', { 'sec-fetch-site': 'same-origin' })
    expect(moved.status).toBe(200)
    expect(moved.url).toBe(`${base}/news`)
    const away = await fetch(`${base}/moved`, {
      method: 'POST',
      headers: { 'content-type': FORM, origin: SITE },
      body: 'to=//evil.example/',
      redirect: 'manual',
    })
    expect(away.status).toBe(503)
    expect(away.headers.get('location')).toBeNull()
  })
})

describe('the age gate’s cookie', () => {
  it('marks the page as answered when it is sent, privately', async () => {
    const res = await fetch(`${base}/news`, {
      headers: { accept: 'text/html', cookie: 'theme=dark; ageVerified=true' },
    })
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    expect(await res.text()).toMatch(/^<!doctype html><html data-age-ok lang="en">/)
  })

  it("marks a form's page too, which is never cached", async () => {
    const res = await post('/news', 'status=200', { cookie: 'ageVerified=true' })
    expect(res.headers.get('cache-control')).toBe(NO_STORE)
    expect(await res.text()).toMatch(/^<!doctype html><html data-age-ok lang="en">/)
  })

  it('leaves every other page unmarked and shareable', async () => {
    for (const cookie of [undefined, 'ageVerified=false', 'xageVerified=true']) {
      const res = await fetch(`${base}/news`, {
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      })
      expect(res.headers.get('cache-control'), cookie).toBe(PUBLIC_PAGE)
      expect(await res.text()).toMatch(/^<!doctype html><html lang="en">/)
    }
  })
})
