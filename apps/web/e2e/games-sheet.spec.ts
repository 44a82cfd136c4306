// Home on phones only: the floating button and its 'Play Games' bottom sheet
// (docs/product/pages.md#play-games-sheet). It docks in the strip along the bottom edge that the
// page keeps free (decision 200), so it never lies on content.
import { expect, gotoPage, test } from './support/fixtures'

test.describe('on a 390-px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the button sits in the bottom strip the page keeps free, beside the mini radio', async ({
    page,
  }) => {
    await gotoPage(page, '/')
    const fab = page.getByRole('button', { name: 'Play Games' })
    await expect(fab).toBeVisible()
    // Inside the 56-px strip along the bottom edge, which the page reserves below its end.
    const inStrip = async () => {
      const box = (await fab.boundingBox())!
      return box.y >= 844 - 56 && box.y + box.height <= 844
    }
    expect(await inStrip()).toBe(true)
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).paddingBottom))
      .toBe('56px')

    // The radio's mini bar takes the strip over and leaves the button its end of it.
    const bar = page.getByRole('region', { name: 'Rent Due Radio' })
    await expect(bar).toBeVisible()
    expect(await inStrip()).toBe(true)
    const play = (await bar.getByRole('button', { name: 'Next track' }).boundingBox())!
    const fabBox = (await fab.boundingBox())!
    expect(play.x + play.width).toBeLessThanOrEqual(fabBox.x)

    // Opened in full, the radio has the strip's whole width: the button steps aside until it folds.
    const dial = bar.getByRole('button', { name: /^Rent Due Radio/ })
    await dial.tap()
    await expect(fab).toBeHidden()
    await dial.tap()
    await expect(fab).toBeVisible()
  })

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
    // docs/product/pages.md#play-games-sheet puts it on Home only.
    await expect(page.getByRole('button', { name: 'Play Games' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Back' }).tap()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('button', { name: 'Play Games' })).toBeVisible()
    await gotoPage(page, '/soundtrack')
    await expect(page.getByRole('button', { name: 'Play Games' })).toHaveCount(0)
  })
})

test('there is no games button on a desktop screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoPage(page, '/')
  await expect(page.getByRole('button', { name: 'Play Games' })).toBeHidden()
})
