// Cast (docs/product/pages.md#cast): about 50 character cards grouped under headings, the main four
// first; on a phone two cards a row, with links at the top to jump to each group.
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

const phones = [
  { label: '390×844', width: 390, height: 844 },
  { label: '360×740', width: 360, height: 740 },
] as const

for (const phone of phones) {
  test.describe(`on a ${phone.label} phone`, () => {
    test.use({
      viewport: { width: phone.width, height: phone.height },
      hasTouch: true,
      isMobile: true,
    })

    test('two cards a row, jump links to each group, nothing sideways', async ({ page }) => {
      await gotoPage(page, '/cast')
      const sideways = () =>
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(await sideways()).toBe(0)
      // Two a row in every group: each pair of cards shares a row, the next card starts a new one.
      for (const { heading } of castGroups) {
        const cards = page.getByRole('region', { name: heading }).getByTestId('cast-card')
        const boxes = await cards.evaluateAll((els) =>
          els.slice(0, 3).map((el) => {
            const box = el.getBoundingClientRect()
            return { top: Math.round(box.top), left: box.left, right: box.right }
          }),
        )
        const [first, second, third] = boxes
        expect(Math.abs((first?.top ?? 0) - (second?.top ?? -99)), heading).toBeLessThan(12)
        expect(second!.left, heading).toBeGreaterThan(first!.right)
        expect(third!.top, heading).toBeGreaterThan(first!.top + 50)
        expect(second!.right).toBeLessThanOrEqual(phone.width)
      }

      const jump = page.getByRole('navigation', { name: 'Cast groups' })
      await expect(jump.getByRole('link')).toHaveText(
        castGroups.map(
          ({ group, heading }) =>
            `${heading} (${castEntries.filter((c) => c.group === group).length})`,
        ),
      )
      for (const { heading } of [...castGroups].reverse()) {
        await page.evaluate(() => window.scrollTo(0, 0))
        await jump.getByRole('link', { name: new RegExp(`^${heading}`) }).tap()
        const title = page.getByRole('heading', { level: 2, name: heading })
        // The group's heading comes to the top of the page, below the sticky header.
        await expect
          .poll(() =>
            title.evaluate((el) => {
              const header = document.querySelector('header.site-header')!.getBoundingClientRect()
              const box = el.getBoundingClientRect()
              return box.top >= header.bottom && box.bottom < window.innerHeight / 2
            }),
          )
          .toBe(true)
      }
      expect(await sideways()).toBe(0)
      await expectNoAxeViolations(page, `/cast on a ${phone.label} phone`)
    })
  })
}

test('at 1280×800 the groups have jump links and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoPage(page, '/cast')
  await expect(page.getByRole('navigation', { name: 'Cast groups' }).getByRole('link')).toHaveCount(
    castGroups.length,
  )
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(
    0,
  )
})
