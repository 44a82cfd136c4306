// Phone first (issue 18, decision 200): on a 390×844 and a 360×740 touch screen, nothing fixed
// covers a control. Every page is scrolled from top to end and, at each step, every button, link
// and input on screen must be what a finger at its centre would touch
// (support/covered-controls.ts). Each canvas game is checked in play mode, where it has the screen
// to itself: compact header, one HUD (on the canvas; the DOM's is for screen readers), the radio
// folded into a pill, the canvas fitted to what is left in whole device pixels.
import type { Page } from '@playwright/test'
import { expectNothingCovered } from './support/covered-controls'
import { expect, gotoPage, subPages, test } from './support/fixtures'
import { coveredBoardPoints, expectOneHud, expectPlayMode } from './support/play-mode'

test.describe.configure({ timeout: 90_000 })

const phones = [
  { label: '390×844', width: 390, height: 844, deviceScaleFactor: 3 },
  { label: '360×740', width: 360, height: 740, deviceScaleFactor: 2 },
] as const

const radio = (page: Page) => page.getByRole('region', { name: 'Rent Due Radio' })
const status = (page: Page) => page.locator('.game__status')
const canvas = (page: Page) => page.locator('canvas.game__canvas')
const roommate = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Choose your roommate' }).getByRole('button', { name })

/** The radio mounts after the load event and an idle moment: wait for it, then check. */
async function openPage(page: Page, path: string) {
  await gotoPage(page, path)
  await expect(radio(page)).toBeVisible({ timeout: 15_000 })
}

for (const phone of phones) {
  test.describe(`on a ${phone.label} phone`, () => {
    test.use({
      viewport: { width: phone.width, height: phone.height },
      deviceScaleFactor: phone.deviceScaleFactor,
      hasTouch: true,
      isMobile: true,
      reducedMotion: 'reduce',
    })

    for (const path of ['/', ...subPages.map((p) => p.path), '/episodes/hot-plate-kitchen']) {
      test(`${path}: nothing covers a control`, async ({ page }) => {
        await openPage(page, path)
        await expectNothingCovered(page, path)
      })
    }

    test.describe(() => {
      // The unknown route's page is served with status 404, which the browser logs.
      test.use({ expectedConsole: /status of 404/ })

      test('/this-unit-is-gone: nothing covers a control', async ({ page }) => {
        await openPage(page, '/this-unit-is-gone')
        await expectNothingCovered(page, '/this-unit-is-gone')
      })
    })

    test('Home: the Play Games sheet and the open radio bar cover nothing', async ({ page }) => {
      await openPage(page, '/')
      await page.getByRole('button', { name: 'Play Games' }).tap()
      const sheet = page.getByRole('dialog', { name: 'Play Games' })
      await expect(sheet).toBeVisible()
      // Radix's modal layer turns the page's pointer events off, then, one render later, the
      // sheet's back on: until then a finger (and elementFromPoint) goes through the sheet.
      await expect(sheet).toHaveCSS('pointer-events', 'auto')
      for (const link of await sheet.getByRole('link').all()) {
        const at = await link.evaluate((el) => {
          const box = el.getBoundingClientRect()
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
          if (hit && el.contains(hit)) return 'itself'
          return hit ? `<${hit.tagName.toLowerCase()} class="${hit.className}">` : 'nothing'
        })
        expect(at, `${await link.textContent()} in the Play Games sheet`).toBe('itself')
      }
      await page.keyboard.press('Escape')
      await expect(sheet).toBeHidden()

      await radio(page)
        .getByRole('button', { name: /^Rent Due Radio/ })
        .tap()
      await expect(radio(page)).toHaveAttribute('data-mode', 'full')
      await expectNothingCovered(page, '/ with the radio open')
    })

    test('Whack-a-Bertha in play mode: tap to start, nothing covered, rotating pauses', async ({
      page,
    }) => {
      await openPage(page, '/games/whack-a-bertha?seed=11&speed=1')
      await expect(status(page)).toHaveText('Tap to start')
      // Score, time and strikes show once, on the canvas, before the game starts too.
      await expectOneHud(page)
      await expectNothingCovered(page, 'Whack-a-Bertha, waiting')
      await canvas(page).tap()
      await expect(status(page)).toHaveText(/^Whack Bertha!/)
      await expectPlayMode(page, 'Eight doors. One landlady. Thirty seconds.')
      expect(await coveredBoardPoints(page)).toEqual([])
      await expectNothingCovered(page, 'Whack-a-Bertha in play')

      await page.getByRole('button', { name: 'Pause' }).tap()
      await expect(status(page)).toHaveText('PAUSED')
      await expectNothingCovered(page, 'Whack-a-Bertha paused')
      await page.getByRole('button', { name: 'Resume' }).tap()
      await expect(status(page)).toHaveText(/^Whack Bertha!/)

      // On its side mid-game: the game pauses and the canvas fits the new screen.
      await page.setViewportSize({ width: phone.height, height: phone.width })
      await expect(status(page)).toHaveText('PAUSED')
      await expectPlayMode(page, 'Eight doors. One landlady. Thirty seconds.')
      await expectNothingCovered(page, 'Whack-a-Bertha on its side')
      await page.getByRole('button', { name: 'Resume' }).tap()
      await expect(status(page)).toHaveText(/^Whack Bertha!/)
      await page.setViewportSize({ width: phone.width, height: phone.height })
      await expect(status(page)).toHaveText('PAUSED')
      await expectPlayMode(page, 'Eight doors. One landlady. Thirty seconds.')

      // Reset leaves play mode: the page is back, with its intro.
      await page.getByRole('button', { name: 'Reset' }).tap()
      await expect(status(page)).toHaveText('Tap to start')
      await expect(page.locator('html')).not.toHaveAttribute('data-play-mode')
      await expect(page.getByText('Eight doors. One landlady. Thirty seconds.')).toBeVisible()
      await expect(radio(page)).toHaveAttribute('data-mode', 'mini')
    })

    test('Bill Collector in play mode: nothing covered', async ({ page }) => {
      await openPage(page, '/games/bill-collector?seed=5&speed=1')
      await expectNothingCovered(page, 'Bill Collector, choosing')
      await roommate(page, 'Rosie').tap()
      await page.getByRole('button', { name: 'Start' }).tap()
      await expect(status(page)).toHaveText('Round 1 of 5: catch the cash!')
      await expectPlayMode(page, 'Grab the dollars, dodge the bills, make rent in five rounds.')
      await expectNothingCovered(page, 'Bill Collector in play')
      await page.getByRole('button', { name: 'Pause' }).tap()
      await expect(status(page)).toHaveText('PAUSED')
      await expectNothingCovered(page, 'Bill Collector paused')
    })

    test('Penny Pinchers in play mode: nothing covered', async ({ page }) => {
      await openPage(page, '/games/penny-pitchers?seed=42&speed=1')
      await expectNothingCovered(page, 'Penny Pinchers, choosing')
      await roommate(page, 'Dez').tap()
      await page.getByRole('button', { name: 'Start' }).tap()
      await expect(status(page)).toHaveText('Drop a coin!')
      await expectPlayMode(page, 'Toss your last coins into the rent jar.')
      await expectNothingCovered(page, 'Penny Pinchers in play')
      await page.getByRole('button', { name: 'Drop' }).tap()
      await expect(page.locator('.game__hud')).toContainText('9 / 10')
      await expectNothingCovered(page, 'Penny Pinchers, a coin in the air')
    })

    test('Fan Quiz: the questions cover nothing', async ({ page }) => {
      await openPage(page, '/games/fan-quiz')
      const id = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`
      await page.getByLabel('Name').fill(`Phone Fan ${id}`)
      await page.getByLabel('Email').fill(`phone-${id}@example.com`)
      await page.getByRole('button', { name: 'Start Quiz' }).tap()
      await expect(page.getByText('Question 1 of 10')).toBeVisible()
      await expectNothingCovered(page, 'Fan Quiz, question 1')
    })
  })
}
