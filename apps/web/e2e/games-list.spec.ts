// The games list (docs/product/pages.md#games): three cards and a "coming soon" notice, on the real
// server.
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'

test('lists Whack-A-Bertha, Fan Quiz, Strip Match and More Games Coming Soon', async ({ page }) => {
  await gotoPage(page, '/games')
  const cards = page.locator('.games-list > li')
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
    'Whack-A-Bertha',
    'Fan Quiz',
    'Strip Match (opens in a new tab)',
    'More Games Coming Soon',
  ])

  const whack = page.getByRole('link', { name: 'Whack-A-Bertha' })
  await expect(whack).toHaveAttribute('href', '/games/whack-a-bertha')
  await expect(page.getByRole('link', { name: 'Fan Quiz' })).toHaveAttribute(
    'href',
    '/games/fan-quiz',
  )
  const strip = page.getByRole('link', { name: 'Strip Match (opens in a new tab)' })
  await expect(strip).toHaveAttribute('href', 'https://example.com/strip-match')
  await expect(strip).toHaveAttribute('target', '_blank')
  await expect(strip).toHaveAttribute('rel', 'noopener noreferrer')

  // Bill Collector and Penny Pinchers keep their routes but are not on the list.
  await expect(page.locator('a[href="/games/bill-collector"]')).toHaveCount(0)
  await expect(page.locator('.games-list a[href="/games/penny-pitchers"]')).toHaveCount(0)

  await whack.click()
  await expect(page).toHaveURL(/\/games\/whack-a-bertha$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Whack-a-Bertha')

  await page.goBack()
  await page.getByRole('link', { name: 'Fan Quiz' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fan Quiz')
})

test('the games list has no axe violations', async ({ page }) => {
  await gotoPage(page, '/games')
  await expect(page.locator('.games-list > li')).toHaveCount(4)
  await expectNoAxeViolations(page, '/games')
})

test('the home page loads no game code', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.resourceType() === 'stylesheet') scripts.push(r.url())
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const gameChunks = scripts.filter((u) =>
    /(games-page|fan-quiz|bill-collector|whack-a-bertha|penny-pinchers|game-stage|confetti)/.test(
      u,
    ),
  )
  expect(gameChunks).toEqual([])
})
