// Every episode's own page, /episodes/<slug>, on the real server: the server's HTML carries the
// episode's title, description, canonical URL and preview image; the page plays the episode and
// shares its own address; previous and next episodes; a dialog on /episodes has the episode's
// address while open; an unknown slug is EVICTED.
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'
import {
  cardButton,
  currentTime,
  dialogTitle,
  episodeRows,
  expectPlaying,
  storageUrl,
} from './support/episodes'

/** What `pattern` captures in `html`, HTML-unescaped. */
function headValue(html: string, pattern: RegExp): string | undefined {
  return pattern
    .exec(html)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

test("the server's HTML has the episode's own head: title, description, canonical, image", async ({
  page,
  baseURL,
}) => {
  const rows = await episodeRows(baseURL)
  expect(rows.map((r) => r.slug)).toEqual([
    'pilot-rent-due',
    'the-pyramid-is-a-triangle',
    'hot-plate-kitchen',
    'roof-access-fee',
  ])
  for (const row of rows) {
    const res = await page.request.get(`/episodes/${row.slug}`, {
      headers: { accept: 'text/html' },
    })
    expect(res.status()).toBe(200)
    const html = await res.text()
    const title = `${dialogTitle(row)} · Rent Due`
    expect(headValue(html, /<title>([^<]*)<\/title>/)).toBe(title)
    expect(headValue(html, /<meta property="og:title" content="([^"]*)">/)).toBe(title)
    expect(headValue(html, /<link rel="canonical" href="([^"]*)">/)).toBe(
      `${baseURL}/episodes/${row.slug}`,
    )
    expect(headValue(html, /<meta property="og:url" content="([^"]*)">/)).toBe(
      `${baseURL}/episodes/${row.slug}`,
    )
    expect(headValue(html, /<meta property="og:image" content="([^"]*)">/)).toBe(
      `${baseURL}${row.thumbnail}`,
    )
    const description = headValue(html, /<meta name="description" content="([^"]*)">/)!
    expect(description.length).toBeLessThanOrEqual(200)
    expect(row.synopsis.startsWith(description.replace(/…$/, ''))).toBe(true)
    expect(html).not.toContain('noindex')
    // The page itself is in the HTML: its heading and synopsis.
    expect(html).toContain(`<h1 class="page-title">${dialogTitle(row).replace(/'/g, '&#x27;')}`)
  }
})

test('the page plays its episode and shares its own address', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const third = (await episodeRows(baseURL))[2]!
  await gotoPage(page, `/episodes/${third.slug}`)
  await expect(page).toHaveTitle(`${dialogTitle(third)} · Rent Due`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dialogTitle(third))
  await expect(page.getByRole('main')).toContainText(third.synopsis)
  const video = page.locator('.episode-page video')
  await expect(video).toHaveAttribute('src', storageUrl(baseURL, third.video_url))
  // Playing (it starts by itself, or on the first press of Play where autoplay is refused).
  const started = await video.evaluate((v: HTMLVideoElement) => !v.paused).catch(() => false)
  if (!started) await video.evaluate((v: HTMLVideoElement) => v.play())
  await expectPlaying(video, 0.2)
  const before = await currentTime(video)
  await expect.poll(() => currentTime(video)).toBeGreaterThan(before)

  await page.getByRole('button', { name: 'Share' }).click()
  await page.getByRole('menuitem', { name: 'Copy Link' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/episodes/hot-plate-kitchen`,
  )
  await page.keyboard.press('Escape')
  await expectNoAxeViolations(page, 'an episode page')
})

test('previous and next episode links walk the episodes in order', async ({ page, baseURL }) => {
  const rows = await episodeRows(baseURL)
  await gotoPage(page, `/episodes/${rows[0]!.slug}`)
  const nav = page.getByRole('navigation', { name: 'More episodes' })
  await expect(nav.getByRole('link', { name: /^Previous episode/ })).toHaveCount(0)
  for (const [i, row] of rows.entries()) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(dialogTitle(row))
    await expect(page.locator('.episode-page video')).toHaveAttribute(
      'src',
      storageUrl(baseURL, row.video_url),
    )
    const next = rows[i + 1]
    if (!next) {
      await expect(nav.getByRole('link', { name: /^Next episode/ })).toHaveCount(0)
      break
    }
    const link = nav.getByRole('link', { name: `Next episode ${dialogTitle(next)}` })
    await expect(link).toHaveAttribute('href', `/episodes/${next.slug}`)
    await link.click()
    await expect(page).toHaveURL(`/episodes/${next.slug}`)
    await expect(page).toHaveTitle(`${dialogTitle(next)} · Rent Due`)
  }
  const previous = nav.getByRole('link', { name: `Previous episode ${dialogTitle(rows[2]!)}` })
  await previous.click()
  await expect(page).toHaveURL(`/episodes/${rows[2]!.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dialogTitle(rows[2]!))
  await page.getByRole('link', { name: 'All episodes' }).click()
  await expect(page).toHaveURL('/episodes')
})

test("a dialog on /episodes has its episode's address while open; closing goes back", async ({
  page,
  baseURL,
}) => {
  const rows = await episodeRows(baseURL)
  await gotoPage(page, '/episodes')
  const button = cardButton(page, rows[1]!)
  await button.click()
  const dialog = page.getByRole('dialog', { name: dialogTitle(rows[1]!) })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(`/episodes/${rows[1]!.slug}`)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL('/episodes')
  await expect(button).toBeFocused()

  // The address of an open dialog, reloaded, is the episode's own page.
  await cardButton(page, rows[3]!).click()
  await expect(page).toHaveURL(`/episodes/${rows[3]!.slug}`)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dialogTitle(rows[3]!))
})

test.describe(() => {
  test.use({ expectedConsole: /status of 404/ })

  test('an unknown or malformed slug is the EVICTED page with a 404', async ({ page }) => {
    for (const path of ['/episodes/no-such-episode', '/episodes/Not_A_Slug']) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVICTED')
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
      await expect(page).toHaveTitle('Evicted · Rent Due')
    }
  })
})

// On a laptop the whole player, its controls along the bottom included, opens above the radio bar.
for (const screen of [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
]) {
  test(`at ${screen.width}×${screen.height} the whole player is on screen above the radio bar`, async ({
    page,
  }) => {
    await page.setViewportSize(screen)
    await gotoPage(page, '/episodes/pilot-rent-due')
    const bar = page.getByRole('region', { name: 'Rent Due Radio' })
    await expect(bar).toBeVisible()
    const video = page.locator('.episode-page video')
    await expect(video).toBeVisible()
    const [player, radio] = await Promise.all([video.boundingBox(), bar.boundingBox()])
    expect(player!.y).toBeGreaterThanOrEqual(0)
    expect(player!.y + player!.height).toBeLessThanOrEqual(radio!.y)
  })
}
