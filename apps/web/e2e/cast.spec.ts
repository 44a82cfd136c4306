// Cast (docs/product/pages.md#cast): about 50 character cards grouped under headings, the main four
// first.
import { castEntries, castGroups } from '../src/content/cast'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'

test('shows every entry of content/cast.ts, the four main characters first', async ({ page }) => {
  await gotoPage(page, '/cast')
  expect(castEntries.length).toBeGreaterThanOrEqual(45)
  const cards = page.getByTestId('cast-card')
  await expect(cards).toHaveCount(castEntries.length)
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText(
    castEntries.map((c) => c.character),
  )
  await expect(cards.locator('.cast-card__actor')).toHaveText(
    castEntries.map((c) => `Voiced by ${c.actor}`),
  )
  await expect(cards.getByRole('heading', { level: 3 }).first()).toHaveText('Bertha Briggs')
  const main = page.getByRole('region', { name: 'Main cast' }).getByTestId('cast-card')
  await expect(main.getByRole('heading', { level: 3 })).toHaveText([
    'Bertha Briggs',
    'Dez',
    'Rosie',
    'Tubbs',
  ])
  // The main four show their portraits; everyone else a drawn silhouette.
  await expect(main.locator('img')).toHaveCount(4)
  await expect(cards.locator('svg.cast-silhouette')).toHaveCount(castEntries.length - 4)
})

test('groups the cards under their headings and has no axe violations', async ({ page }) => {
  await gotoPage(page, '/cast')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(castGroups.map((g) => g.heading))
  for (const { group, heading } of castGroups) {
    await expect(page.getByRole('region', { name: heading }).getByTestId('cast-card')).toHaveCount(
      castEntries.filter((c) => c.group === group).length,
    )
  }
  await expect(
    page.getByRole('region', { name: 'Supporting cast' }).getByText('Crackhead trio'),
  ).toHaveCount(3)
  await expectNoAxeViolations(page, '/cast')
})
