// Pages from the render cache, over real HTTP through the whole app on real PostgreSQL, with a
// stand-in web build (support/stand-in-build.ts) whose counters show each render and read:
// a page is rendered once and then served from memory whatever the query string; every unknown
// path is one entry; a change through the API shows at once, one made elsewhere within a second;
// a page whose read failed is never kept (the last good copy, if any, is sent instead); a page's
// reads do not come out of the visitor's share
// of the database; and renders are bounded (429 for one address, 503 for everyone, each with
// Retry-After and the friendly page, and the last good copy served instead when there is one).
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_STORE, PUBLIC_PAGE } from '../src/http/static-site.js'
import { rawRequest } from './support/raw-http.js'
import {
  writeStandInBuild,
  type StandInBuild,
  type StandInStats,
} from './support/stand-in-build.js'
import { startTestServer, whileAnonCannotRead, type TestServer } from './support/test-server.js'

const SITE = 'https://rentdue.example'

let build: StandInBuild
let stats: StandInStats
let hold: () => () => void

beforeAll(async () => {
  build = await writeStandInBuild()
  ;({ stats, hold } = await build.entry())
})

afterAll(async () => {
  await build?.remove()
})

interface Page {
  status: number
  headers: Headers
  html: string
}

async function get(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html', ...headers } })
  return { status: res.status, headers: res.headers, html: await res.text() } satisfies Page
}

/** Polls `path` until its HTML satisfies `ok`; the page's HTML and the time it took. */
async function until(server: TestServer, path: string, ok: (html: string) => boolean) {
  const started = performance.now()
  for (;;) {
    const page = await get(server, path)
    if (ok(page.html)) return { page, ms: performance.now() - started }
    await new Promise((resolve) => setImmediate(resolve))
  }
}

const headline = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`

/**
 * Resolves once `server` has heard every change committed before the call: the database announces
 * changes in commit order, so once a news row written now shows on /news, every earlier
 * announcement (and the entries it dropped) is behind us.
 */
async function heardEarlierChanges(server: TestServer) {
  const marker = headline('Barrier')
  await server.adminPool.query(
    `insert into public.news (date, headline, summary) values ('2025-09-08', $1, 'Barrier.')`,
    [marker],
  )
  await until(server, '/news', (html) => html.includes(marker))
}

describe('the render cache', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ env: { webDist: build.dist, siteUrl: SITE } })
  })

  afterAll(async () => {
    await server?.close()
  })

  it('renders a page once, then serves it from memory whatever the query string: no render, no read', async () => {
    const first = await get(server, '/games')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe(PUBLIC_PAGE)
    const renders = stats.renders
    const reads = stats.reads
    for (const path of ['/games', '/games?r=1', '/games/?utm_source=x', '/GAMES']) {
      const again = await get(server, path)
      expect(again.html, path).toBe(first.html)
      expect(again.headers.get('etag'), path).toBe(first.headers.get('etag'))
    }
    expect(stats.renders).toBe(renders)
    expect(stats.reads).toBe(reads)
    expect(first.html).toContain(`<link rel="canonical" href="${SITE}/games">`)
  })

  it('sends the kept bytes compressed as the visitor accepts, with a 304 for a known ETag', async () => {
    const plain = await get(server, '/episodes')
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync }
    for (const encoding of ['br', 'gzip'] as const) {
      const raw = await rawRequest(`${server.url}/episodes`, {
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      })
      expect(raw.headers['content-encoding']).toBe(encoding)
      expect(raw.headers.vary).toBe('accept-encoding')
      expect(raw.headers.etag).toBe(plain.headers.get('etag'))
      expect(decode[encoding](raw.body).toString('utf8')).toBe(plain.html)
    }
    const again = await fetch(`${server.url}/episodes`, {
      headers: { accept: 'text/html', 'if-none-match': plain.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
  })

  it('renders one page once for many visitors asking at the same moment', async () => {
    const release = hold()
    const renders = stats.renders
    const asked = Array.from({ length: 20 }, () => get(server, '/admin/inbox'))
    await until(server, '/healthz', () => stats.renders > renders)
    release()
    const pages = await Promise.all(asked)
    expect(stats.renders).toBe(renders + 1)
    expect(new Set(pages.map((p) => p.status))).toEqual(new Set([200]))
    // The console's shell is kept in memory, but never by a CDN.
    expect(pages[0]?.headers.get('cache-control')).toBe(NO_STORE)
  })

  it('renders every unknown path as one EVICTED page, the same bytes for every path', async () => {
    const renders = stats.renders
    const paths = ['/nope-1', '/nope-2/deeper', '/games/zzz', '/%3Cscript%3E']
    const pages = []
    for (const path of paths) {
      const page = await get(server, path)
      expect(page.status, path).toBe(404)
      expect(page.html, path).toContain('<meta name="robots" content="noindex">')
      // No address of its own: nothing of the path asked for is in the page.
      expect(page.html, path).not.toContain('og:url')
      expect(page.html, path).not.toContain('rel="canonical"')
      // Rendered for a path of its own: nothing of the first visitor's path is kept.
      expect(page.html, path).toContain('<h1>EVICTED</h1><p>/evicted</p>')
      pages.push(page)
    }
    for (const page of pages) {
      expect(page.html).toBe(pages[0]!.html)
      expect(page.headers.get('etag')).toBe(pages[0]!.headers.get('etag'))
    }
    expect(stats.renders - renders).toBeLessThanOrEqual(1)
    for (const path of ['/nope-3', '/x/y/z']) await get(server, path)
    expect(stats.renders - renders).toBeLessThanOrEqual(1)
  })

  it("keeps an episode's page per slug, never an unknown slug's, and drops it when episodes change", async () => {
    await server.adminPool.query(
      `insert into public.episodes (episode_number, title, synopsis, thumbnail, video_url)
       values (1, 'Pilot: Rent Due', 'A synopsis.', '/media/episodes/ep1.webp', '/media/v.webm'),
              (2, 'Hot Plate Kitchen', 'A synopsis.', '/media/episodes/ep2.webp', '/media/v.webm')`,
    )
    // The insert's announcement arrives on its own time: heard after a render, it would drop the
    // fresh entry and count a second render below.
    await heardEarlierChanges(server)
    const pilot = await get(server, '/episodes/pilot-rent-due')
    expect(pilot.status).toBe(200)
    expect(pilot.html).toContain('<h1>Pilot: Rent Due</h1>')
    expect(pilot.html).toContain(`<link rel="canonical" href="${SITE}/episodes/pilot-rent-due">`)
    const kitchen = await get(server, '/episodes/hot-plate-kitchen')
    expect(kitchen.html).toContain('<h1>Hot Plate Kitchen</h1>')
    // Each slug its own entry: asked again, neither is rendered.
    const renders = stats.renders
    expect((await get(server, '/episodes/pilot-rent-due/')).html).toBe(pilot.html)
    expect((await get(server, '/episodes/hot-plate-kitchen')).html).toBe(kitchen.html)
    expect(stats.renders).toBe(renders)

    // An unknown slug is EVICTED with a 404, and is never kept: every ask is a render.
    for (let i = 0; i < 3; i += 1) {
      const unknown = await get(server, '/episodes/no-such-episode')
      expect(unknown.status).toBe(404)
      expect(unknown.html).toContain('<h1>EVICTED</h1>')
      expect(unknown.html).toContain('<meta name="robots" content="noindex">')
    }
    expect(stats.renders).toBe(renders + 3)

    // A change to the episodes drops their pages.
    await server.adminPool.query(
      "update public.episodes set title = 'Pilot: Rent Due, Again' where episode_number = 1",
    )
    await until(server, '/episodes/pilot-rent-due', (html) =>
      html.includes('<h1>Pilot: Rent Due, Again</h1>'),
    )
    await server.adminPool.query('delete from public.episodes')
    const gone = await until(server, '/episodes/pilot-rent-due', (html) =>
      html.includes('<h1>EVICTED</h1>'),
    )
    expect(gone.page.status).toBe(404)
  })

  it('shows a news row inserted through the API on / and /news at once', async () => {
    const title = headline('Premiere tonight')
    for (const path of ['/', '/news']) {
      const before = await get(server, path)
      expect(before.html).not.toContain(title)
      expect(before.headers.get('cache-control')).toBe(PUBLIC_PAGE)
    }
    const { error } = await server
      .client('service')
      .from('news')
      .insert({ date: '2025-09-06', headline: title, summary: 'Doors at eight.' })
    expect(error).toBeNull()
    // This process dropped its pages before it answered the insert.
    for (const path of ['/', '/news']) expect((await get(server, path)).html).toContain(title)
  })

  it('drops a page within a second when its table changes behind the API (NOTIFY)', async () => {
    const title = headline('Changed by hand')
    expect((await get(server, '/news')).html).not.toContain(title)
    await server.adminPool.query(
      `insert into public.news (date, headline, summary) values ('2025-09-07', $1, 'By SQL.')`,
      [title],
    )
    const { ms } = await until(server, '/news', (html) => html.includes(title))
    expect(ms).toBeLessThan(1000)
  })
})

describe('a page whose read fails', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ env: { webDist: build.dist, siteUrl: SITE } })
  })

  afterAll(async () => {
    await server?.close()
  })

  it('is sent uncached and is rendered again for the next visitor', async () => {
    // On '/': no other test of this server has a copy of it.
    const renders = stats.renders
    await whileAnonCannotRead(server, 'news', async () => {
      for (let i = 1; i <= 3; i++) {
        const page = await get(server, '/')
        expect(page.status).toBe(200)
        expect(page.headers.get('cache-control')).toBe(NO_STORE)
        expect(page.html).toContain('<ul></ul>')
        expect(stats.renders).toBe(renders + i)
      }
    })
    const mended = await get(server, '/')
    expect(mended.headers.get('cache-control')).toBe(PUBLIC_PAGE)
    expect(stats.renders).toBe(renders + 4)
    await get(server, '/')
    expect(stats.renders).toBe(renders + 4)
  })

  it('is answered with the last good copy while a changed page cannot be read, never kept', async () => {
    const good = await get(server, '/news')
    expect(good.headers.get('cache-control')).toBe(PUBLIC_PAGE)
    await whileAnonCannotRead(server, 'news', async () => {
      const { error } = await server
        .client('service')
        .from('news')
        .insert({ date: '2025-09-03', headline: headline('Unreadable'), summary: 'x' })
      expect(error).toBeNull()
      const renders = stats.renders
      for (let i = 1; i <= 2; i++) {
        const page = await get(server, '/news')
        expect(page.html).toBe(good.html)
        // Rendered again each time: the render that failed its read was not kept.
        expect(stats.renders).toBe(renders + i)
      }
    })
  })
})

describe('page renders are bounded', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({
      poolMax: 8,
      env: {
        webDist: build.dist,
        siteUrl: SITE,
        trustProxy: true,
        // One render at a time and none waiting; one per address; a visitor's share of 2.
        pages: {
          renders: 1,
          renderQueue: 0,
          rendersPerClient: 1,
          cacheSeconds: 60,
          readConnections: 2,
          readTimeoutMs: 2000,
        },
        fairness: { perClient: 2, queuePerClient: 1, acquireTimeoutMs: 5000 },
      },
    })
    await server.adminPool.query(`
      create function public.slow(seconds double precision) returns integer
        language sql volatile as $$ select 1 from pg_sleep(seconds) $$;
      grant execute on function public.slow(double precision) to anon;
      insert into public.news (date, headline, summary) values ('2025-09-01', 'Held news', 'x');`)
  })

  afterAll(async () => {
    await server?.close()
  })

  const from = (ip: string) => ({ 'x-forwarded-for': ip })

  /** A visitor's slow call (public.slow sleeps in PostgreSQL, holding its connection). */
  const slow = (ip: string, seconds: number) =>
    fetch(`${server.url}/rest/v1/rpc/slow`, {
      method: 'POST',
      headers: { ...from(ip), apikey: server.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds }),
    })

  /** Resolves once `n` statements sleep in the database. */
  async function sleepers(n: number): Promise<void> {
    for (;;) {
      const { rows } = await server.adminPool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event = 'PgSleep'`,
      )
      if ((rows[0]?.n ?? 0) >= n) return
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  it('a page’s reads are the site’s: a visitor using all of their share still gets the whole page', async () => {
    const visitor = '198.51.100.7'
    // Two running and one waiting (1.5 s, well within its 5 s): nothing left on the REST lane.
    const held = [1, 2, 3].map(() => slow(visitor, 1.5))
    await sleepers(2)
    const refused = await fetch(`${server.url}/rest/v1/news?select=headline`, {
      headers: { ...from(visitor), apikey: server.keys.anonKey },
    })
    expect(refused.status).toBe(429)
    const page = await get(server, '/news', from(visitor))
    expect(page.status).toBe(200)
    expect(page.html).toContain('<li>Held news</li>')
    expect(page.headers.get('cache-control')).toBe(PUBLIC_PAGE)
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200])
  })

  it('a page’s reads have connections of their own: with the whole REST lane taken, the page is whole', async () => {
    const title = headline('Lane test')
    const { error } = await server
      .client('service')
      .from('news')
      .insert({ date: '2025-09-02', headline: title, summary: 'x' })
    expect(error).toBeNull()
    // Three addresses take all 6 REST connections (8 in the pool, 2 reserved for the core lane).
    const held = ['192.0.2.1', '192.0.2.2', '192.0.2.3'].flatMap((ip) =>
      [1, 2].map(() => slow(ip, 2.5)),
    )
    await sleepers(6)
    const page = await get(server, '/news', from('192.0.2.9'))
    expect(page.html).toContain(`<li>${title}</li>`)
    expect(page.headers.get('cache-control')).toBe(PUBLIC_PAGE)
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
  })

  it('429 for a second render of one address, 503 when every render is taken; kept pages still come', async () => {
    const kept = await get(server, '/games', from('203.0.113.9'))
    expect(kept.status).toBe(200)
    const release = hold()
    const renders = stats.renders
    const first = get(server, '/episodes', from('203.0.113.1'))
    await until(server, '/healthz', () => stats.renders > renders)

    const mine = await get(server, '/admin', from('203.0.113.1'))
    expect(mine.status).toBe(429)
    expect(mine.headers.get('retry-after')).toBe('1')
    expect(mine.headers.get('cache-control')).toBe(NO_STORE)
    expect(mine.html).toContain('<h1>Easy on the buzzer</h1>')
    expect(mine.html).toContain('<a href="">Try again</a>')

    const theirs = await get(server, '/nowhere', from('203.0.113.2'))
    expect(theirs.status).toBe(503)
    expect(theirs.headers.get('retry-after')).toBe('2')
    expect(theirs.html).toContain('<h1>The lobby is packed</h1>')

    // A page in memory costs no render: it is served to anyone, even now.
    const hit = await get(server, '/games', from('203.0.113.2'))
    expect(hit.html).toBe(kept.html)

    release()
    expect((await first).status).toBe(200)
    expect(stats.renders).toBe(renders + 1)
  })

  it('serves the last good copy of a changed page while every render is taken', async () => {
    const before = await get(server, '/news', from('203.0.113.20'))
    expect(before.html).toContain('Held news')
    // A change through this process drops the page at once…
    const { error } = await server
      .client('service')
      .from('news')
      .update({ summary: 'changed' })
      .eq('headline', 'Held news')
    expect(error).toBeNull()
    const release = hold()
    const renders = stats.renders
    const busy = get(server, '/', from('203.0.113.21'))
    await until(server, '/healthz', () => stats.renders > renders)
    // …but while no render can be had, the copy from before the change beats a 503.
    const stale = await get(server, '/news', from('203.0.113.22'))
    expect(stale.status).toBe(200)
    expect(stale.html).toBe(before.html)
    release()
    expect((await busy).status).toBe(200)
  })
})
