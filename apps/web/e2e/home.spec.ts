// Home on the real server (docs/product/pages.md#home): every section heading in order, 'WATCH
// NOW!' opens the latest episode, 'WATCH RANDOM EPISODE' goes to /episodes and opens one there,
// exactly the three 'Previously on' previews, three episode cards with the player and share menu,
// and 'More Episodes'.
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'
import { cardButton, dialogTitle, episodeRows, expectPlaying, storageUrl } from './support/episodes'

const sections = [
  'Recent Episode Previews',
  'Video Episodes',
  'Latest News',
  'Games',
  'Merchandise',
  'Soundtrack',
  'Behind the Scenes',
  'Fan Club',
]

function section(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true })
}

test('every section heading, in order, each in its own section', async ({ page }) => {
  await gotoPage(page, '/')
  const stamps = page.locator('.home-section__head').getByRole('heading', { level: 2 })
  await expect(stamps).toHaveText(sections)
  for (const name of sections) await expect(section(page, name)).toHaveCount(1)
  // Walk down the page: every section's content arrives (nothing stays 'Loading...').
  for (const name of sections) {
    await section(page, name).scrollIntoViewIfNeeded()
  }
  await expect(section(page, 'Latest News').getByRole('list', { name: 'News' })).toBeVisible()
  await expect(
    section(page, 'Latest News').getByRole('heading', { level: 3, name: /Meet the Cast/ }),
  ).toBeVisible()
  await expect(
    section(page, 'Latest News').getByRole('heading', { level: 3, name: 'Join the Team' }),
  ).toBeVisible()
  await expect(section(page, 'Games').getByRole('link', { name: /Whack-A-Bertha/ })).toBeVisible()
  await expect(section(page, 'Games').getByRole('heading', { level: 3 })).toHaveCount(3)
  await expect(
    section(page, 'Fan Club').getByRole('list', { name: 'Follow Rent Due' }),
  ).toBeVisible()
  await expectNoAxeViolations(page, '/ with every section loaded')
})

test("'WATCH NOW!' opens the latest episode; 'WATCH RANDOM EPISODE' goes to /episodes", async ({
  page,
  baseURL,
}) => {
  const rows = await episodeRows(baseURL)
  const latest = rows.reduce((a, b) => (b.episode_number > a.episode_number ? b : a))
  expect(latest.title).toBe('Roof Access Fee')
  await gotoPage(page, '/')
  const watchNow = page.getByRole('button', { name: 'WATCH NOW!' })
  await watchNow.click()
  const dialog = page.getByRole('dialog', { name: dialogTitle(latest) })
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('video')).toHaveAttribute(
    'src',
    storageUrl(baseURL, latest.video_url),
  )
  await expectPlaying(dialog.locator('video'), 0.2)
  await expect(dialog.getByRole('button', { name: 'Share' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(watchNow).toBeFocused()

  // It goes to /episodes, which opens one of the episodes at random (its address while open).
  const random = page.getByRole('link', { name: 'WATCH RANDOM EPISODE' })
  await expect(random).toHaveAttribute('href', '/episodes')
  await random.click()
  // The open dialog hides the page behind it from assistive technology (and from getByRole), so
  // the page's own heading is checked once the dialog is closed.
  const opened = page.getByRole('dialog')
  await expect(opened).toBeVisible()
  const name = await opened.getByRole('heading').first().textContent()
  const picked = rows.find((r) => dialogTitle(r) === name)
  expect(picked, `the dialog '${name}' is one of the episodes`).toBeDefined()
  await expect(page).toHaveURL(`/episodes/${picked!.slug}`)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL('/episodes')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Episodes')
})

test('the previews are exactly the three Previously on clips, and Watch plays one', async ({
  page,
  baseURL,
}) => {
  await gotoPage(page, '/')
  const previews = section(page, 'Recent Episode Previews')
  await previews.scrollIntoViewIfNeeded()
  const list = previews.getByRole('list', { name: 'Episode previews' })
  await expect(list.getByRole('heading', { level: 3 })).toHaveText([
    'Previously on The 1st',
    'Previously on The 2nd',
    'Previously on The 3rd',
  ])
  await expect(list.getByRole('listitem')).toHaveCount(3)

  const second = list.getByRole('listitem').nth(1)
  const watch = second.getByRole('button', { name: 'Watch Previously on The 2nd' })
  await expect(watch).toHaveCSS('opacity', '0')
  await second.hover()
  await expect(watch).toHaveCSS('opacity', '1')
  await watch.click()
  const dialog = page.getByRole('dialog', { name: 'Previously on The 2nd' })
  await expect(dialog.locator('video')).toHaveAttribute(
    'src',
    `${baseURL}/storage/v1/object/public/Episode%20Previews/Previously%20on%20The%202nd.webm`,
  )
  await expectPlaying(dialog.locator('video'), 0.2)
  await page.keyboard.press('Escape')
  await expect(watch).toBeFocused()
  await expect(watch).toHaveCSS('opacity', '1') // focus keeps the affordance visible
})

test('Video Episodes: three cards that open the player with its share menu; More Episodes', async ({
  page,
  baseURL,
}) => {
  const rows = (await episodeRows(baseURL)).slice(0, 3)
  await gotoPage(page, '/')
  const episodes = section(page, 'Video Episodes')
  await episodes.scrollIntoViewIfNeeded()
  const cards = episodes.getByRole('article')
  await expect(cards).toHaveCount(3)
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText(rows.map((r) => r.title))

  // Three columns on a desktop.
  const boxes = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()))
  expect(Math.abs(boxes[0]!.y - boxes[2]!.y)).toBeLessThan(20)

  await cardButton(episodes, rows[2]!).click()
  const dialog = page.getByRole('dialog', { name: dialogTitle(rows[2]!) })
  await expect(dialog.locator('video')).toHaveAttribute(
    'src',
    storageUrl(baseURL, rows[2]!.video_url),
  )
  await dialog.getByRole('button', { name: 'Share' }).click()
  await expect(page.getByRole('menuitem', { name: 'Copy Link' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'Share' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(cardButton(episodes, rows[2]!)).toBeFocused()

  await episodes.getByRole('link', { name: 'More Episodes' }).click()
  await expect(page).toHaveURL('/episodes')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the episode cards stack in one column', async ({ page }) => {
    await gotoPage(page, '/')
    const cards = section(page, 'Video Episodes').getByRole('article')
    await section(page, 'Video Episodes').scrollIntoViewIfNeeded()
    await expect(cards).toHaveCount(3)
    const [a, b] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()])
    expect(b!.y).toBeGreaterThan(a!.y + a!.height)
  })
})
