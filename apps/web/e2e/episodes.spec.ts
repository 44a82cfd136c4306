// /episodes on the real server (docs/product/pages.md#episodes,
// docs/product/pages.md#episode-player): the database episodes, the player dialog with the storage
// video, Escape and focus return, resume, keyboard controls, the
// #episode-N deep link and a failed load.
import {
  expect,
  expectNoAxeViolations,
  gotoPage,
  navigateInBrowser,
  test,
} from './support/fixtures'
import {
  cardButton,
  currentTime,
  dialogTitle,
  episodeRows,
  expectPlaying,
  isPaused,
  storageUrl,
} from './support/episodes'

test('lists every database episode in order: thumbnail, EP badge, title, synopsis', async ({
  page,
  baseURL,
}) => {
  const rows = await episodeRows(baseURL)
  expect(rows.map((r) => r.title)).toEqual([
    'Pilot: Rent Due',
    'The Pyramid Is a Triangle',
    'Hot Plate Kitchen',
    'Roof Access Fee',
  ])
  await gotoPage(page, '/episodes')
  const cards = page.getByRole('list', { name: 'Episodes' }).getByRole('article')
  await expect(cards).toHaveCount(4)
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(rows.map((r) => r.title))
  await expect(cards.locator('.episode-card__badge')).toHaveText(['EP 1', 'EP 2', 'EP 3', 'EP 4'])
  for (const [i, row] of rows.entries()) {
    await expect(cards.nth(i)).toContainText(row.synopsis)
    await expect(cards.nth(i).locator('img')).toHaveAttribute('src', row.thumbnail)
  }
  // The drawn thumbnails are served, as the WebP copies of their SVGs (scripts/make-raster-art.ts).
  expect(rows[2]!.thumbnail).toBe('/media/episodes/ep3.webp')
  const thumb = await page.request.get(rows[2]!.thumbnail)
  expect(thumb.status()).toBe(200)
  expect(thumb.headers()['content-type']).toBe('image/webp')
  await expectNoAxeViolations(page, '/episodes')
})

test('a card opens the player with the storage video; Escape closes and focus returns', async ({
  page,
  baseURL,
}) => {
  const [first] = await episodeRows(baseURL)
  await gotoPage(page, '/episodes')
  const button = cardButton(page, first!)
  await button.click()

  const dialog = page.getByRole('dialog', { name: dialogTitle(first!) })
  await expect(dialog).toBeVisible()
  const video = dialog.locator('video')
  await expect(video).toHaveAttribute('src', storageUrl(baseURL, first!.video_url))
  await expect(video).toHaveAttribute(
    'src',
    `${baseURL}/storage/v1/object/public/Episode%20Previews/Previously%20on%20The%201st.webm`,
  )
  await expectPlaying(video, 0.3)
  const before = await currentTime(video)
  await expect.poll(() => currentTime(video)).toBeGreaterThan(before)

  // The video area is 80% of the viewport height, the dialog at most 56rem wide.
  const viewport = page.viewportSize()!
  const screen = await dialog.locator('.episode-dialog__screen').boundingBox()
  expect(Math.round(screen!.height)).toBe(Math.round(viewport.height * 0.8))
  const box = await dialog.boundingBox()
  expect(box!.width).toBeLessThanOrEqual(56 * 16 + 1)

  await expectNoAxeViolations(page, 'the episode dialog')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(button).toBeFocused()
  // No stale episode: the next card opens its own episode.
  const rows = await episodeRows(baseURL)
  await cardButton(page, rows[2]!).click()
  await expect(page.getByRole('dialog', { name: dialogTitle(rows[2]!) })).toBeVisible()
  await expect(page.getByRole('dialog').locator('video')).toHaveAttribute(
    'src',
    storageUrl(baseURL, rows[2]!.video_url),
  )
})

test('keyboard: Space toggles, ArrowRight seeks 5 s, and reopening offers to resume', async ({
  page,
  baseURL,
}) => {
  const rows = await episodeRows(baseURL)
  const second = rows[1]!
  await gotoPage(page, '/episodes')
  await cardButton(page, second).click()
  const dialog = page.getByRole('dialog', { name: dialogTitle(second) })
  const video = dialog.locator('video')
  await expectPlaying(video)

  await video.focus()
  await page.keyboard.press('Space')
  await expect.poll(() => isPaused(video)).toBe(true)
  await expect(dialog.locator('[aria-live="polite"]')).toHaveText('Paused')
  await page.keyboard.press('Space')
  await expect.poll(() => isPaused(video)).toBe(false)
  await expect(dialog.locator('[aria-live="polite"]')).toHaveText('Playing')

  const before = await currentTime(video)
  await page.keyboard.press('ArrowRight')
  const after = await currentTime(video)
  expect(after - before).toBeGreaterThanOrEqual(4.9)
  expect(after - before).toBeLessThan(6)
  await expect(dialog.locator('[aria-live="polite"]')).toContainText('Forward 5 seconds')

  // Stop, go to 0:05 (Home, then ArrowRight while paused), close: the position is kept.
  await page.keyboard.press('k')
  await expect.poll(() => isPaused(video)).toBe(true)
  await page.keyboard.press('Home')
  await expect.poll(() => currentTime(video)).toBe(0)
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => currentTime(video)).toBe(5)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await cardButton(page, second).click()
  const again = page.getByRole('dialog', { name: dialogTitle(second) })
  await expect(again.getByRole('button', { name: 'Resume from 0:05' })).toBeVisible()
  await expect(again.getByRole('button', { name: 'Start over' })).toBeVisible()
  await expectNoAxeViolations(page, 'the resume offer')
  await again.getByRole('button', { name: 'Resume from 0:05' }).click()
  await expect(again.getByRole('button', { name: 'Resume from 0:05' })).toHaveCount(0)
  await expectPlaying(again.locator('video'), 5)
})

test('Start over plays from the beginning and forgets the position', async ({ page, baseURL }) => {
  const third = (await episodeRows(baseURL))[2]!
  await gotoPage(page, '/episodes')
  await page.evaluate(
    ([key]) => window.localStorage.setItem(key!, '6.0'),
    [`video-resume:episode-${third.id}`],
  )
  await cardButton(page, third).click()
  const dialog = page.getByRole('dialog', { name: dialogTitle(third) })
  await dialog.getByRole('button', { name: 'Start over' }).click()
  const video = dialog.locator('video')
  await expectPlaying(video)
  expect(await currentTime(video)).toBeLessThan(3)
  expect(
    await page.evaluate(
      (key) => window.localStorage.getItem(key),
      `video-resume:episode-${third.id}`,
    ),
  ).toBe('')
})

test('the player works when storage throws', async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    const fail = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    Object.defineProperty(Storage.prototype, 'getItem', { value: fail })
    Object.defineProperty(Storage.prototype, 'setItem', { value: fail })
  })
  const first = (await episodeRows(baseURL))[0]!
  await page.goto('/episodes')
  // Nothing can be remembered, so the age gate asks again.
  await page.getByRole('button', { name: "I'm 18+ - Enter" }).click()
  await cardButton(page, first).click()
  const video = page.getByRole('dialog', { name: dialogTitle(first) }).locator('video')
  await expectPlaying(video, 0.3)
  await page.keyboard.press('Escape')
  await cardButton(page, first).click()
  await expect(page.getByRole('button', { name: /^Resume from/ })).toHaveCount(0)
})

test('/episodes#episode-2 opens episode 2; closing drops the hash', async ({ page, baseURL }) => {
  const second = (await episodeRows(baseURL))[1]!
  await page.goto('/episodes#episode-2')
  const dialog = page.getByRole('dialog', { name: dialogTitle(second) })
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('video')).toHaveAttribute(
    'src',
    storageUrl(baseURL, second.video_url),
  )
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL('/episodes')
  await expect(cardButton(page, second)).toBeFocused()
})

test.describe(() => {
  test.use({ expectedConsole: /(?:status of 500)|(?:Loading the episodes failed)/ })

  test('a failed load says so clearly', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    await page.route('**/rest/v1/episodes**', (route) =>
      route.fulfill({ status: 500, json: { message: 'boom' } }),
    )
    await navigateInBrowser(page, '/episodes')
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'The episodes could not be loaded. Please check your connection and try again.',
    )
    expect(errors.some((e) => e.includes('Loading the episodes failed'))).toBe(true)
  })
})
