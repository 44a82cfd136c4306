// Shop (docs/product/pages.md#shop): 13 merch cards matching content/merch.ts, Buy Now links to the
// external store in a new tab, and the 'Stay Updated' form.
import { merchItems } from '../src/content/merch'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'

const usd = (price: string) => `$${price}`

test('shows the 13 merch items of content/merch.ts with their prices in USD', async ({ page }) => {
  await gotoPage(page, '/shop')
  const cards = page.getByTestId('merch-card')
  await expect(cards).toHaveCount(13)
  expect(merchItems).toHaveLength(13)
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText(merchItems.map((m) => m.title))
  await expect(cards.locator('.merch-card__price')).toHaveText(
    merchItems.map((m) => `Price: ${usd(m.price)}`),
  )
  for (const [i, item] of merchItems.entries()) {
    await expect(cards.nth(i)).toContainText(item.description)
  }
  const prices = page.locator('.merch-card__price')
  await expect(prices.filter({ hasText: /^Price: \$8\.00$/ })).toHaveCount(1)
  await expect(prices.filter({ hasText: /^Price: \$28\.00$/ })).toHaveCount(1)
})

test('every Buy Now link opens its item in the store in a new tab', async ({ page }) => {
  await gotoPage(page, '/shop')
  const links = page.getByRole('link', { name: /^Buy Now/ })
  await expect(links).toHaveCount(13)
  for (const [i, item] of merchItems.entries()) {
    const link = links.nth(i)
    await expect(link).toHaveAccessibleName(`Buy Now ${item.title} (opens the store in a new tab)`)
    await expect(link).toHaveAttribute('href', item.url)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  }
})

test('every card shows its own art at a fixed size, lazy below the fold', async ({ page }) => {
  await gotoPage(page, '/shop')
  const images = page.getByTestId('merch-card').locator('img')
  await expect(images).toHaveCount(13)
  for (const [i, item] of merchItems.entries()) {
    const img = images.nth(i)
    await expect(img).toHaveAttribute('width', '240')
    await expect(img).toHaveAttribute('height', '180')
    await expect(img).toHaveAttribute('loading', i < 2 ? 'eager' : 'lazy')
    await expect(img, item.id).toHaveAttribute('src', /\S/)
  }
  const sources = await images.evaluateAll((els) => els.map((el) => el.getAttribute('src')))
  expect(new Set(sources).size).toBe(13)
  const first = images.first()
  await expect(first).toHaveJSProperty('complete', true)
  expect(await first.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
})

test('keeps the Stay Updated form with Notify Me and has no axe violations', async ({ page }) => {
  await gotoPage(page, '/shop')
  await expect(page.getByRole('heading', { name: 'Stay Updated', level: 2 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Notify Me' })).toBeVisible()
  await expect(page.getByTestId('merch-card')).toHaveCount(13)
  await expectNoAxeViolations(page, '/shop')
})
