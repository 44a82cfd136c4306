// Mobile only: the floating button and its 'Play Games' bottom sheet (SPEC §2).
import { expect, gotoPage, test } from './support/fixtures'

test.describe('on a 390-px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the sheet lists three games, stays within 80% of the screen and navigates', async ({
    page,
  }) => {
    await gotoPage(page, '/')
    const fab = page.getByRole('button', { name: 'Play Games' })
    await fab.click()
    const sheet = page.getByRole('dialog', { name: 'Play Games' })
    await expect(sheet).toBeVisible()
    const links = sheet.getByRole('link')
    await expect(links).toHaveText([/^Fan Quiz/, /^Penny Pitchers/, /^More Games/])
    await expect(sheet.getByRole('link', { name: /^Fan Quiz/ })).toHaveAttribute(
      'href',
      '/games/fan-quiz',
    )
    await expect(sheet.getByRole('link', { name: /^Penny Pitchers/ })).toHaveAttribute(
      'href',
      '/games/penny-pitchers',
    )
    await expect(sheet.getByRole('link', { name: /^More Games/ })).toHaveAttribute('href', '/games')

    await expect
      .poll(async () => {
        const box = (await sheet.boundingBox())!
        return { bottom: Math.round(box.y + box.height), fits: box.height <= 844 * 0.8 + 1 }
      })
      .toEqual({ bottom: 844, fits: true })

    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    await expect(fab).toBeFocused()

    await fab.click()
    await sheet.getByRole('link', { name: /^Penny Pitchers/ }).click()
    await expect(sheet).toBeHidden()
    await expect(page).toHaveURL('/games/penny-pitchers')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Penny Pinchers')
    // On a game page the button would cover the canvas: it is gone there.
    await expect(page.getByRole('button', { name: 'Play Games' })).toHaveCount(0)
  })
})

test('there is no games button on a desktop screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoPage(page, '/')
  await expect(page.getByRole('button', { name: 'Play Games' })).toBeHidden()
})
