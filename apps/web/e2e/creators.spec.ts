// Creators (docs/product/pages.md#creators): four people cards with a role and social links that
// open a new tab.
import { creators } from '../src/content/creators'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'

const platform = { instagram: 'Instagram', x: 'X', youtube: 'YouTube', tiktok: 'TikTok' } as const

test('shows the 4 creators with name, role and their social links', async ({ page }) => {
  await gotoPage(page, '/creators')
  const cards = page.getByTestId('creator-card')
  await expect(cards).toHaveCount(4)
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(creators.map((c) => c.name))
  for (const [i, creator] of creators.entries()) {
    const card = cards.nth(i)
    await expect(card.locator('.creator-card__role')).toHaveText(creator.role)
    const links = card.getByRole('link')
    await expect(links).toHaveCount(creator.socials.length)
    for (const [j, social] of creator.socials.entries()) {
      const link = links.nth(j)
      const name =
        social.type === 'website'
          ? `${creator.name}’s website (opens in a new tab)`
          : `${creator.name} on ${platform[social.type]} (opens in a new tab)`
      await expect(link).toHaveAccessibleName(name)
      await expect(link).toHaveAttribute('href', social.url)
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
      await expect(link.locator('svg')).toBeVisible()
      const box = await link.boundingBox()
      expect(box?.width).toBeGreaterThanOrEqual(44)
      expect(box?.height).toBeGreaterThanOrEqual(44)
    }
  }
})

test('the creators page has no axe violations', async ({ page }) => {
  await gotoPage(page, '/creators')
  await expect(page.getByTestId('creator-card')).toHaveCount(4)
  await expectNoAxeViolations(page, '/creators')
})
