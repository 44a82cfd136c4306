// The share menu (docs/product/pages.md#share-menu): 'Copy Link' copies the exact episode link and
// shows the check and green state for 2 seconds; the share links carry the exact encoded URLs and
// open in a new tab without an opener; with the Web Share API, native share comes first.
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'
import { cardButton, dialogTitle, episodeRows } from './support/episodes'

async function openShareMenu(page: Page, baseURL: string | undefined) {
  const second = (await episodeRows(baseURL))[1]!
  await gotoPage(page, '/episodes')
  await cardButton(page, second).click()
  const dialog = page.getByRole('dialog', { name: dialogTitle(second) })
  await dialog.getByRole('button', { name: 'Share' }).click()
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  return { menu, second }
}

test('Copy Link copies the episode link and shows the check for 2 seconds', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { menu } = await openShareMenu(page, baseURL)
  await expectNoAxeViolations(page, 'the open share menu')

  const copy = menu.getByRole('menuitem', { name: 'Copy Link' })
  await expect(copy).toHaveAttribute('data-copied', 'false')
  await expect(copy.locator('[data-icon="copy"]')).toHaveCount(1)
  // When the check appears and when it goes, timed in the page: the runner's own round trips in
  // between (the checks below) do not count.
  await copy.evaluate((item) => {
    const changes: [string | null, number][] = []
    Object.assign(window, { copiedChanges: changes })
    new MutationObserver(() =>
      changes.push([item.getAttribute('data-copied'), performance.now()]),
    ).observe(item, { attributes: true, attributeFilter: ['data-copied'] })
  })
  await copy.click()
  await expect(copy).toHaveAttribute('data-copied', 'true')
  await expect(copy.locator('[data-icon="check"]')).toHaveCount(1)
  await expect(copy).toHaveCSS('background-color', 'rgb(34, 105, 63)')
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toHaveCount(1)
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/episodes/the-pyramid-is-a-triangle`,
  )
  // The state ends on its own after 2 seconds.
  await expect(copy).toHaveAttribute('data-copied', 'false', { timeout: 4000 })
  await expect(copy.locator('[data-icon="copy"]')).toHaveCount(1)
  const changes = await page.evaluate(
    () => (window as unknown as { copiedChanges: [string | null, number][] }).copiedChanges,
  )
  expect(changes.map(([value]) => value)).toEqual(['true', 'false'])
  const shownFor = changes[1]![1] - changes[0]![1]
  expect(shownFor).toBeGreaterThan(1500)
  expect(shownFor).toBeLessThan(4000)
})

test.describe(() => {
  test.use({ expectedConsole: /^error: Copying the link failed/ })

  test('a failed copy is only logged', async ({ page, baseURL }) => {
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      })
    })
    const { menu } = await openShareMenu(page, baseURL)
    const copy = menu.getByRole('menuitem', { name: 'Copy Link' })
    await copy.click()
    await expect.poll(() => errors.some((e) => e.includes('Copying the link failed'))).toBe(true)
    await expect(copy).toHaveAttribute('data-copied', 'false')
  })
})

test('share links carry the exact encoded URLs and open safely in a new tab', async ({
  page,
  baseURL,
}) => {
  const { menu, second } = await openShareMenu(page, baseURL)
  const url = `${baseURL}/episodes/${second.slug}`
  expect(second.slug).toBe('the-pyramid-is-a-triangle')
  const text = `Watch Rent Due EP 2: ${second.title}`
  const expected = [
    [
      'Share on Facebook',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    ],
    [
      'Share on X (Twitter)',
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
    ],
    ['Open Facebook', 'https://www.facebook.com/'],
    ['Open X (Twitter)', 'https://twitter.com/'],
  ] as const
  // Spelled out once, so an encoding slip on both sides still fails.
  expect(expected[1][1]).toBe(
    `https://twitter.com/intent/tweet?url=http%3A%2F%2F127.0.0.1%3A${new URL(baseURL!).port}%2Fepisodes%2Fthe-pyramid-is-a-triangle&text=Watch%20Rent%20Due%20EP%202%3A%20The%20Pyramid%20Is%20a%20Triangle`,
  )
  for (const [name, href] of expected) {
    const link = menu.getByRole('menuitem', { name })
    await expect(link).toHaveAttribute('href', href)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  }
  await expect(menu.getByRole('menuitem')).toHaveText([
    /Copy Link/,
    'Share on Facebook',
    'Share on X (Twitter)',
    'Open Facebook',
    'Open X (Twitter)',
  ])
  // Keyboard: Escape closes the menu and focus goes back to its button.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Share' })).toBeFocused()
})

test('with the Web Share API, native share comes first and shares the link', async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { shared: unknown[] }
    w.shared = []
    Object.defineProperty(navigator, 'share', {
      value: (data: unknown) => {
        w.shared.push(data)
        return Promise.resolve()
      },
    })
  })
  const { menu, second } = await openShareMenu(page, baseURL)
  await expect(menu.getByRole('menuitem').first()).toHaveText('Share…')
  await menu.getByRole('menuitem', { name: 'Share…' }).click()
  const shared = await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)
  const text = `Watch Rent Due EP 2: ${second.title}`
  expect(shared).toEqual([
    { title: text, text, url: `${baseURL}/episodes/the-pyramid-is-a-triangle` },
  ])
})
