// Desktop windows get the phones' play mode (issue 30, decision 340): Start folds the header and
// the radio and brings the whole board into view, uncovered, at 1280×800 and 1366×768; before
// Start the page is as it was, with one HUD (the canvas's) and nothing sideways; Reset gives the
// page back.
import type { Page } from '@playwright/test'
import { expectNothingCovered } from './support/covered-controls'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'
import { coveredBoardPoints, expectOneHud, expectPlayMode } from './support/play-mode'

test.describe.configure({ timeout: 60_000 })

const screens = [
  { label: '1280×800', width: 1280, height: 800 },
  { label: '1366×768', width: 1366, height: 768 },
] as const

const radio = (page: Page) => page.getByRole('region', { name: 'Rent Due Radio' })
const status = (page: Page) => page.locator('.game__status')
const roommate = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Choose your roommate' }).getByRole('button', { name })
/** The select-screen games start with a roommate picked. */
const pickAndStart = (name: string) => async (page: Page) => {
  await roommate(page, name).click()
  await page.getByRole('button', { name: 'Start' }).click()
}

const games = [
  {
    name: 'Whack-a-Bertha',
    path: '/games/whack-a-bertha?seed=11&speed=1',
    intro: 'Eight doors. One landlady. Thirty seconds.',
    waiting: 'Click to start',
    start: async (page: Page) => {
      await page.getByRole('button', { name: 'Start' }).click()
    },
    playing: /^Whack Bertha!/,
  },
  {
    name: 'Bill Collector',
    path: '/games/bill-collector?seed=5&speed=1',
    intro: 'Grab the dollars, dodge the bills, make rent in five rounds.',
    waiting: 'Pick a roommate',
    start: pickAndStart('Rosie'),
    playing: /^Round 1/,
  },
  {
    name: 'Penny Pinchers',
    path: '/games/penny-pitchers?seed=42&speed=1',
    intro: 'Toss your last coins into the rent jar.',
    waiting: 'Pick a roommate',
    start: pickAndStart('Dez'),
    playing: 'Drop a coin!',
  },
] as const

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

for (const screen of screens) {
  test.describe(`at ${screen.label}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } })

    for (const game of games) {
      test(`${game.name}: Start brings the whole board into view, uncovered`, async ({ page }) => {
        await gotoPage(page, game.path)
        await expect(radio(page)).toBeVisible({ timeout: 15_000 })
        await expect(status(page)).toHaveText(game.waiting)
        await expect(page.locator('html')).not.toHaveAttribute('data-play-mode')
        await expectOneHud(page)
        expect(await sideways(page)).toBe(0)

        await game.start(page)
        await expect(status(page)).toHaveText(game.playing)
        await expectPlayMode(page, game.intro)
        expect(await coveredBoardPoints(page)).toEqual([])
        await expectNothingCovered(page, `${game.name} in play at ${screen.label}`)
        await expectNoAxeViolations(page, `${game.name} in play at ${screen.label}`)

        await page.getByRole('button', { name: 'Reset' }).click()
        await expect(status(page)).toHaveText(game.waiting)
        await expect(page.locator('html')).not.toHaveAttribute('data-play-mode')
        await expect(page.getByText(game.intro)).toBeVisible()
        await expect(radio(page)).toHaveAttribute('data-mode', 'full')
      })
    }
  })
}

test('Penny Pinchers at 1280×800: the result card is on screen when the game ends', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoPage(page, '/games/penny-pitchers?seed=42&speed=10')
  await pickAndStart('Dez')(page)
  const drop = page.getByRole('button', { name: 'Drop' })
  // Drop until the game is over; the rules decide when (all coins, or the rent reached).
  await expect(async () => {
    if (await drop.isEnabled()) await drop.click()
    await expect(status(page)).toHaveText(/Rent jar \$\d+\.$/, { timeout: 500 })
  }).toPass({ timeout: 30_000 })
  await expectPlayMode(page, 'Toss your last coins into the rent jar.')
  expect(await coveredBoardPoints(page)).toEqual([])
})
