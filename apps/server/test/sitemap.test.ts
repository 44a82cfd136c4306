// /sitemap.xml and /robots.txt on the real server over a seeded database: every public page of the
// build and every episode's page with its last change, all on SITE_URL whatever Host the request
// names; a failed read of the episodes is a 503 with Retry-After, never an empty sitemap; an
// episode's change shows within the NOTIFY's reach. Also the episodes' slugs (migration 0030).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from './support/raw-http.js'
import { STAND_IN_SITE as SITE, startStandInSite } from './support/stand-in-build.js'
import { whileAnonCannotRead, type TestServer } from './support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startStandInSite({ seed: true })
})

afterAll(async () => {
  await server?.close()
})

/** Each <url> of a sitemap as [loc, lastmod]. */
function entries(xml: string): [string, string][] {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g)].map(
    ([, loc = '', lastmod = '']) => [loc, lastmod],
  )
}

async function episodeRows(): Promise<{ slug: string; updated_at: Date; title: string }[]> {
  const { rows } = await server.adminPool.query<{ slug: string; updated_at: Date; title: string }>(
    'select slug, updated_at, title from public.episodes order by episode_number',
  )
  return rows
}

describe('episode slugs', () => {
  it('every seeded episode has the slug of its title', async () => {
    expect((await episodeRows()).map((r) => r.slug)).toEqual([
      'pilot-rent-due',
      'the-pyramid-is-a-triangle',
      'hot-plate-kitchen',
      'roof-access-fee',
    ])
  })

  it('a new episode gets a unique slug; a malformed one is refused', async () => {
    const insert = (number: number, title: string, slug?: string) =>
      server.adminPool.query<{ slug: string }>(
        `insert into public.episodes (episode_number, title, synopsis, thumbnail, video_url, slug)
         values ($1, $2, 'A synopsis.', '/media/episodes/ep1.webp', '/media/v.webm', $3)
         returning slug`,
        [number, title, slug ?? null],
      )
    try {
      expect((await insert(901, 'Hot Plate Kitchen!')).rows[0]?.slug).toBe('hot-plate-kitchen-901')
      expect((await insert(902, '¡¿…?!')).rows[0]?.slug).toBe('episode-902')
      await expect(insert(903, 'Fine', 'Not A Slug')).rejects.toThrow(/episodes_slug_format/)
      await expect(insert(904, 'Fine', 'pilot-rent-due')).rejects.toThrow(/episodes_slug_unique/)
    } finally {
      await server.adminPool.query('delete from public.episodes where episode_number > 900')
    }
  })
})

describe('/sitemap.xml and /robots.txt', () => {
  it('a failed read of the episodes is a 503 with Retry-After, not an empty sitemap', async () => {
    await whileAnonCannotRead(server, 'episodes', async () => {
      const res = await fetch(`${server.url}/sitemap.xml`)
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('30')
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.text()).not.toContain('<urlset')
    })
  })

  it('lists every public page and every episode page with its last change, on SITE_URL', async () => {
    const res = await rawRequest(`${server.url}/sitemap.xml`, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600')
    const xml = res.body.toString('utf8')
    expect(xml).not.toContain('evil.example')
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    const rows = await episodeRows()
    const listed = entries(xml)
    // The stand-in build's public pages, then the episodes in order.
    expect(listed.map(([loc]) => loc)).toEqual([
      `${SITE}/`,
      `${SITE}/news`,
      `${SITE}/episodes`,
      `${SITE}/games`,
      ...rows.map((r) => `${SITE}/episodes/${r.slug}`),
    ])
    for (const [i, row] of rows.entries()) {
      expect(listed[4 + i]?.[1]).toBe(row.updated_at.toISOString())
    }
    const latest = Math.max(...rows.map((r) => r.updated_at.getTime()))
    const episodesPage = listed.find(([loc]) => loc === `${SITE}/episodes`)
    expect(Date.parse(episodesPage![1])).toBeGreaterThanOrEqual(latest)
    for (const [, lastmod] of listed) expect(Number.isNaN(Date.parse(lastmod))).toBe(false)

    const again = await fetch(`${server.url}/sitemap.xml`, {
      headers: { 'if-none-match': res.headers.etag as string },
    })
    expect(again.status).toBe(304)
  })

  it("an episode's change is in the sitemap at once (its lastmod)", async () => {
    const before = entries(await (await fetch(`${server.url}/sitemap.xml`)).text())
    const [first] = await episodeRows()
    await server.adminPool.query(
      "update public.episodes set title = title || ' ' where slug = 'pilot-rent-due'",
    )
    try {
      const [changed] = await episodeRows()
      expect(changed!.updated_at.getTime()).toBeGreaterThan(first!.updated_at.getTime())
      // Still the same address: a shared link keeps working after the title is edited.
      expect(changed!.slug).toBe('pilot-rent-due')
      await expect
        .poll(async () => entries(await (await fetch(`${server.url}/sitemap.xml`)).text()))
        .toContainEqual([`${SITE}/episodes/pilot-rent-due`, changed!.updated_at.toISOString()])
      expect(before).toContainEqual([
        `${SITE}/episodes/pilot-rent-due`,
        first!.updated_at.toISOString(),
      ])
    } finally {
      await server.adminPool.query(
        "update public.episodes set title = rtrim(title) where slug = 'pilot-rent-due'",
      )
    }
  })

  it('robots.txt names the sitemap on SITE_URL', async () => {
    const res = await rawRequest(`${server.url}/robots.txt`, { headers: { host: 'evil.example' } })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body.toString('utf8')).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`,
    )
  })
})
