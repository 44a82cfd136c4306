// Every public page is rendered on the server by the site's own components (decision 190): a
// browser without JavaScript, a crawler or a link unfurler gets the whole page, and every link on
// it leads somewhere real. With JavaScript the browser hydrates that same HTML; the fixtures fail
// any test that logs a hydration error.
import type { Browser, BrowserContext } from '@playwright/test'
import { merchItems } from '../src/content/merch'
import { dialogTitle, episodeRows } from './support/episodes'
import { expect, gotoPage, test } from './support/fixtures'
import { newsRowsNewestFirst } from './support/news-bts'

async function withoutJs(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
}

const pages = [
  { path: '/', heading: 'Three roommates. One landlady. Zero rent money.' },
  { path: '/episodes', heading: 'Episodes' },
  { path: '/news', heading: 'News' },
  { path: '/soundtrack', heading: 'Soundtrack' },
  { path: '/bts', heading: 'Behind the Scenes' },
  { path: '/shop', heading: 'Shop' },
  { path: '/cast', heading: 'Cast' },
  { path: '/creators', heading: 'Creators' },
  { path: '/games', heading: 'Games' },
] as const

test('without JavaScript every page shows all its content, and its links lead to real pages', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000)
  const context = await withoutJs(browser)
  const page = await context.newPage()
  const episodes = await episodeRows(baseURL)
  const news = await newsRowsNewestFirst(baseURL)
  const checked = new Set<string>()
  const calendars = new Set<string>()
  for (const { path, heading } of pages) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading)
    // No door in the way: without JavaScript it could not be answered.
    await expect(page.getByRole('dialog'), path).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ }), path).toHaveCount(0)

    if (path === '/' || path === '/episodes') {
      const shown = path === '/' ? episodes.slice(0, 3) : episodes
      for (const row of shown) {
        await expect(page.getByRole('button', { name: `Play ${dialogTitle(row)}` })).toBeVisible()
      }
    }
    if (path === '/news') {
      await expect(page.getByRole('list', { name: 'News' }).getByRole('article')).toHaveCount(
        news.length,
      )
    }
    if (path === '/soundtrack') {
      for (const title of ['1st Volume', '2nd Volume', '3rd Volume', '4th Volume']) {
        const player = page.getByRole('region', { name: title })
        await expect(
          player.getByRole('list', { name: 'Playlist' }).getByRole('listitem').first(),
        ).toBeVisible()
      }
    }
    if (path === '/bts') {
      await expect(page.locator('.bts-group video')).toHaveCount(4)
    }
    if (path === '/shop') {
      await expect(page.getByTestId('merch-card')).toHaveCount(merchItems.length)
    }

    // Every site link answers 200 with a page (the EVICTED page is the only 404), or is a
    // pinned event's calendar file.
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!))
    for (const href of new Set(hrefs.map((h) => h.split('#')[0]!))) {
      if (checked.has(href) || calendars.has(href) || href === '') continue
      if (/^\/events\/\d+\.ics$/.test(href)) {
        calendars.add(href)
        const response = await request.get(href)
        expect(response.status(), `${path} links to ${href}`).toBe(200)
        expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8')
        continue
      }
      checked.add(href)
      const response = await request.get(href, { headers: { accept: 'text/html' } })
      expect(response.status(), `${path} links to ${href}`).toBe(200)
    }
  }
  expect([...checked].sort()).toEqual(
    [...pages.map((p) => p.path), '/games/fan-quiz', '/games/whack-a-bertha'].sort(),
  )
  // The Q&A is pinned: its card offers its calendar file, on Home and News.
  expect(calendars.size).toBeGreaterThan(0)
  await context.close()
})

test('the served HTML of /episodes and /news carries their real cards (link unfurlers)', async ({
  request,
  baseURL,
}) => {
  const episodes = await episodeRows(baseURL)
  const html = await (await request.get('/episodes', { headers: { accept: 'text/html' } })).text()
  for (const row of episodes) {
    expect(html).toContain(`aria-label="Play ${dialogTitle(row).replace(/&/g, '&amp;')}"`)
  }
  // Rows first: a row another spec adds meanwhile is then only more on the page, never missing.
  const news = await newsRowsNewestFirst(baseURL)
  const newsHtml = await (await request.get('/news', { headers: { accept: 'text/html' } })).text()
  for (const row of news) {
    expect(newsHtml).toContain(
      row.headline
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#x27;'),
    )
  }
  expect(newsHtml).toContain('Meet the Cast: Virtual Q&amp;A')
})

test('public pages are cacheable with an ETag; the admin console never is', async ({ request }) => {
  for (const path of ['/', '/episodes', '/news', '/cast']) {
    const response = await request.get(path, { headers: { accept: 'text/html' } })
    expect(response.headers()['cache-control'], path).toBe(
      'public, max-age=60, stale-while-revalidate=600',
    )
    expect(response.headers()['etag'], path).toMatch(/^W\/"/)
  }
  const admin = await request.get('/admin', { headers: { accept: 'text/html' } })
  expect(admin.headers()['cache-control']).toBe('no-store')
  expect(await admin.text()).toContain('<div id="root"></div>')
})

test('a new visitor sees the door from the first paint, before any script has run', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  // Hold every script back: what shows is the server's HTML alone.
  await page.route(/\/assets\/.*\.js$/, () => undefined)
  // Held module scripts hold DOMContentLoaded too: wait for the HTML alone.
  await page.goto('/', { waitUntil: 'commit' })
  await expect(page.getByRole('dialog', { name: 'Who’s there?' })).toBeVisible()
  await expect(page.getByRole('button', { name: "I'm 18+ - Enter" })).toBeVisible()
  await context.close()
})

test('a returning visitor never sees the door, not even before the scripts run', async ({
  page,
}) => {
  await page.route(/\/assets\/.*\.js$/, () => undefined)
  await page.goto('/', { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('.gate-static')).toBeHidden()
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

test('a page preloads its fonts and all the code it needs to go live, and every file it names exists', async ({
  request,
}) => {
  for (const [path, own] of [
    ['/', /\/assets\/page-home-[\w-]+\.js$/],
    ['/episodes', /\/assets\/page-episodes-[\w-]+\.js$/],
  ] as const) {
    const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text()
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map(
      (m) => m[1]!,
    )
    // The entry, the shell (React DOM, the router, the route table and what they import), the
    // small pieces the pages share and the page's own file (decisions 302, 391, 393).
    for (const wanted of [
      /\/assets\/index-[\w-]+\.js$/,
      /\/assets\/shell-[\w-]+\.js$/,
      /\/assets\/common-[\w-]+\.js$/,
      own,
    ]) {
      expect(
        preloads.some((href) => wanted.test(href)),
        `${path}: ${wanted}`,
      ).toBe(true)
    }
    // A handful of files, not one per module the pages share: the bundler alone made 20 for
    // /episodes (7 for the shell, 13 for the page), the build's own grouping makes 9.
    expect(preloads.length, `${path}: ${preloads.join(' ')}`).toBeLessThanOrEqual(10)
    // The basic cuts of the three fonts its first paint draws in (decision 392), in that order.
    const fonts = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map(
      (m) => m[1]!,
    )
    expect(fonts, path).toHaveLength(3)
    ;[
      /^\/assets\/bangers-400-basic-[\w-]+\.woff2$/,
      /^\/assets\/nunito-400-basic-[\w-]+\.woff2$/,
      /^\/assets\/nunito-800-basic-[\w-]+\.woff2$/,
    ].forEach((wanted, i) => expect(fonts[i], path).toMatch(wanted))
    const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map(
      (m) => m[1]!,
    )
    for (const file of [...preloads, ...fonts, ...sheets]) {
      expect((await request.get(file)).status(), `${path} names ${file}`).toBe(200)
    }
  }
})

test('hydration keeps the server’s DOM: the page’s nodes are the same after React took over', async ({
  page,
}) => {
  // The entry is held until the server's heading has been marked (the HTML preloads the entry
  // from its head, before the heading is parsed).
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await page.waitForSelector('h1', { state: 'attached' })
    await page.evaluate(() => {
      const h1 = document.querySelector('h1')
      if (h1) (h1 as HTMLElement & { serverNode?: boolean }).serverNode = true
    })
    await route.continue()
  })
  await gotoPage(page, '/episodes')
  expect(
    await page.evaluate(
      () => (document.querySelector('h1') as HTMLElement & { serverNode?: boolean }).serverNode,
    ),
  ).toBe(true)
})
