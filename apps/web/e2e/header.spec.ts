// The sticky header: shrinks past ~40 px of scroll, folds its links into a dropdown when compact
// or narrow (the browser's own popover: it opens before the page is live, before-live.spec.ts),
// and opens a character dialog from each avatar.
import type { Page } from '@playwright/test'
import { expect, gotoPage, test } from './support/fixtures'

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('inline links navigate', async ({ page }) => {
    await gotoPage(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const expected = {
      Watch: '/episodes',
      Listen: '/soundtrack',
      News: '/news',
      Play: '/games',
      Shop: '/shop',
      BTS: '/bts',
    }
    for (const [label, path] of Object.entries(expected)) {
      await nav.getByRole('link', { name: label, exact: true }).click()
      await expect(page).toHaveURL(path)
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      )
    }
  })

  test('shrinks on scroll and the compact dropdown navigates', async ({ page }) => {
    await gotoPage(page, '/')
    const header = page.getByRole('banner')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(header).toHaveAttribute('data-compact', 'false')
    await expect(nav.getByRole('link', { name: 'Watch', exact: true })).toBeVisible()
    await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden()
    const fullHeight = (await header.boundingBox())!.height

    await page.mouse.wheel(0, 400)
    await expect(header).toHaveAttribute('data-compact', 'true')
    await expect(nav.getByRole('link', { name: 'Watch', exact: true })).toBeHidden()
    await expect.poll(async () => (await header.boundingBox())!.height).toBeLessThan(fullHeight)

    // A real pointer click: Playwright's locator.click() would first scroll the sticky trigger
    // "into view", i.e. back to its static place at the top of the page.
    const box = (await nav.getByRole('button', { name: 'Menu' }).boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    const menu = page.getByRole('list', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expect(header).toHaveAttribute('data-compact', 'true')
    await expect(menu.getByRole('link')).toHaveText([
      /^Watch/,
      /^Listen/,
      /^News/,
      /^Play/,
      /^Shop/,
      /^BTS/,
    ])
    await menu.getByRole('link', { name: /^Listen/ }).click()
    await expect(page).toHaveURL('/soundtrack')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Soundtrack')
    await expect(menu).toBeHidden()

    // A new page starts at the top, so the header is full size again.
    await expect(header).toHaveAttribute('data-compact', 'false')
  })

  test('an avatar opens the character dialog with the biography', async ({ page }) => {
    await gotoPage(page, '/')
    const trigger = page.getByRole('button', { name: /^Bertha Briggs/ })
    await trigger.click()
    const dialog = page.getByRole('dialog', { name: 'Bertha Briggs' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('img', { name: 'Portrait of Bertha Briggs' })).toBeVisible()
    for (const term of ['Born', 'Birthplace', 'Occupation', 'Hobbies', 'Backstory']) {
      await expect(dialog.getByRole('term').filter({ hasText: term })).toHaveCount(1)
    }
    await expect(dialog).toContainText('The Briggs Arms')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(trigger).toBeFocused()
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the links sit in the dropdown from the start', async ({ page }) => {
    await gotoPage(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Watch', exact: true })).toBeHidden()
    await nav.getByRole('button', { name: 'Menu' }).click()
    const menu = page.getByRole('list', { name: 'Menu' })
    await menu.getByRole('link', { name: /^BTS/ }).click()
    await expect(page).toHaveURL('/bts')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Behind the Scenes')
    await expect(menu).toBeHidden()
  })

  test('Escape and a tap outside close the dropdown; focus moves from its button into it', async ({
    page,
  }) => {
    await gotoPage(page, '/')
    const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', {
      name: 'Menu',
    })
    const menu = page.getByRole('list', { name: 'Menu' })
    await button.click()
    await expect(menu).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(menu.getByRole('link', { name: /^Watch/ })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()

    await button.click()
    await expect(menu).toBeVisible()
    await page.mouse.click(200, 600)
    await expect(menu).toBeHidden()
  })
})

/**
 * Where the Back link sits in the page, sampled in every task from now until `stop()`; between
 * tasks the page is as the fan sees it (the header's easing is applied and answered per frame).
 */
async function watchBackLink(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent?.includes('Back'))!
    const seen = new Set<number>()
    let going = true
    const sample = () => {
      seen.add(Math.round(link.getBoundingClientRect().top + window.scrollY))
      if (going) setTimeout(sample, 0)
    }
    sample()
    ;(window as unknown as { stopWatch: () => number[] }).stopWatch = () => {
      going = false
      return [...seen]
    }
  })
  return () => page.evaluate(() => (window as unknown as { stopWatch: () => number[] }).stopWatch())
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    // Near the top the header grows back: had the page moved with it, a tap on Back right after
    // scrolling up pressed on the link and lifted on the header, and went nowhere.
    test('nothing below the header moves while it shrinks on scroll and grows back', async ({
      page,
    }) => {
      await gotoPage(page, '/soundtrack')
      const header = page.getByRole('banner')
      const back = page.getByRole('link', { name: 'Back' })
      const place = await back.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
      const settled = () =>
        expect
          .poll(() =>
            header.evaluate(
              (el) =>
                el.getAnimations({ subtree: true }).filter((a) => a instanceof CSSTransition)
                  .length,
            ),
          )
          .toBe(0)

      let stop = await watchBackLink(page)
      await page.mouse.wheel(0, 400)
      await expect(header).toHaveAttribute('data-compact', 'true')
      await settled()
      expect(await stop()).toEqual([Math.round(place)])

      stop = await watchBackLink(page)
      await page.evaluate(() => window.scrollTo(0, 0))
      await expect(header).toHaveAttribute('data-compact', 'false')
      await settled()
      expect(await stop()).toEqual([Math.round(place)])
      await back.click()
      await expect(page).toHaveURL('/')
    })
  })
}
