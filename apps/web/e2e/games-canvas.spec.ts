// The three canvas games in the browser: each starts, pauses with Space, resumes, and reaches its
// end state. `?seed=<n>&speed=<k>` makes a run repeatable and k× faster
// (packages/games/src/browser/params.ts).
import type { Page } from '@playwright/test'
import { createRng } from '../../../packages/games/src/rng'
import {
  createPennyPinchers,
  update as pennyUpdate,
  step as pennyStep,
} from '../../../packages/games/src/penny-pinchers/rules'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'

const status = (page: Page) => page.locator('.game__status')
const hud = (page: Page, label: string) =>
  page
    .locator('.game__hud-item')
    .filter({ has: page.locator(`dt:text-is("${label}")`) })
    .locator('dd')

const roommate = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Choose your roommate' }).getByRole('button', { name })

/** Space must reach the game, not a focused button. */
async function pressSpace(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('Space')
}

async function expectFrozen(page: Page, label: string) {
  const before = await hud(page, label).textContent()
  // The clock of a paused game does not move: compare across a few frames of real time.
  await page.waitForTimeout(600)
  await expect(hud(page, label)).toHaveText(before ?? '')
}

test.describe('Whack-a-Bertha', () => {
  test('starts on a click, pauses and resumes with Space, hits Bertha through a door button', async ({
    page,
  }) => {
    await gotoPage(page, '/games/whack-a-bertha?seed=11&speed=1')
    await expect(status(page)).toHaveText('Click to start')
    await expectNoAxeViolations(page, 'Whack-a-Bertha idle')
    await page.locator('canvas.game__canvas').click()
    await expect(status(page)).toHaveText('Whack Bertha! Score 0, strikes 0 of 3.')
    await expect(hud(page, 'Time')).not.toHaveText('30s')

    await pressSpace(page)
    await expect(status(page)).toHaveText('PAUSED')
    await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible()
    await expectFrozen(page, 'Time')
    await expectNoAxeViolations(page, 'Whack-a-Bertha paused')
    await pressSpace(page)
    await expect(status(page)).toHaveText(/^Whack Bertha!/)

    // Her door's button says when Bertha is out; she may duck between seeing and clicking, so
    // try again on the next appearance.
    await expect(async () => {
      await page
        .getByRole('button', { name: /Bertha!$/ })
        .first()
        .click({ timeout: 3_000 })
      await expect(hud(page, 'Score')).toHaveText('10 / 100', { timeout: 500 })
    }).toPass({ timeout: 20_000 })

    await page.keyboard.press('r')
    await expect(status(page)).toHaveText('Click to start')
    await expect(hud(page, 'Score')).toHaveText('0 / 100')
  })

  test("runs out of time untouched: TIME'S UP!", async ({ page }) => {
    await gotoPage(page, '/games/whack-a-bertha?seed=11&speed=20')
    await page.getByRole('button', { name: 'Start' }).click()
    await expect(status(page)).toHaveText("TIME'S UP!")
    await expect(hud(page, 'Time')).toHaveText('0s')
    await expect(hud(page, 'Score')).toHaveText('0 / 100')
    await expect(page.getByRole('button', { name: 'Pause' })).toBeDisabled()
    await expectNoAxeViolations(page, 'Whack-a-Bertha ended')
  })

  test('no animation frames run after leaving the page', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __rafRuns: number }
      w.__rafRuns = 0
      const raf = window.requestAnimationFrame.bind(window)
      window.requestAnimationFrame = (cb) =>
        raf((t) => {
          w.__rafRuns++
          cb(t)
        })
    })
    // In from the games list, so the browser's Back is a route change inside the site (a started
    // game has the screen: the page's own Back link steps aside, decision 340).
    await gotoPage(page, '/games')
    await page.getByRole('link', { name: 'Whack-A-Bertha', exact: true }).click()
    await expect(page).toHaveURL('/games/whack-a-bertha')
    await page.getByRole('button', { name: 'Start' }).click()
    const runs = () => page.evaluate(() => (window as unknown as { __rafRuns: number }).__rafRuns)
    await expect.poll(runs).toBeGreaterThan(10)
    await page.goBack()
    await expect(page).toHaveURL('/games')
    await expect(page.locator('canvas.game__canvas')).toHaveCount(0)
    await page.waitForTimeout(300)
    const after = await runs()
    await page.waitForTimeout(1000)
    expect(await runs()).toBe(after)
  })
})

test.describe('Bill Collector', () => {
  test('select screen, Start enabled after a choice, Space pauses and resumes', async ({
    page,
  }) => {
    await gotoPage(page, '/games/bill-collector?seed=5&speed=1')
    await expect(status(page)).toHaveText('Pick a roommate')
    const start = page.getByRole('button', { name: 'Start' })
    await expect(start).toBeDisabled()
    const picks = page.getByRole('group', { name: 'Choose your roommate' }).getByRole('button')
    await expect(picks).toHaveText(['Dez', 'Rosie', 'Tubbs'])
    await expect(page.locator('.roommate-picker img')).toHaveCount(3)
    await expectNoAxeViolations(page, 'Bill Collector select screen')

    await roommate(page, 'Rosie').click()
    await expect(roommate(page, 'Rosie')).toHaveAttribute('aria-pressed', 'true')
    await expect(start).toBeEnabled()
    await start.click()
    await expect(status(page)).toHaveText('Round 1: 30 seconds')
    await expect(status(page)).toHaveText('Round 1 of 5: catch the cash!')

    await page.keyboard.down('ArrowLeft')
    await page.waitForTimeout(200)
    await page.keyboard.up('ArrowLeft')
    await pressSpace(page)
    await expect(status(page)).toHaveText('PAUSED')
    await expectFrozen(page, 'Time')
    await expectNoAxeViolations(page, 'Bill Collector paused')
    await pressSpace(page)
    await expect(status(page)).toHaveText('Round 1 of 5: catch the cash!')

    await page.getByRole('button', { name: 'Reset' }).click()
    await expect(status(page)).toHaveText('Pick a roommate')
  })

  test('a statue loses after five rounds; the best wallet is kept', async ({ page }) => {
    await gotoPage(page, '/games/bill-collector?seed=5&speed=50')
    await roommate(page, 'Tubbs').click()
    await page.getByRole('button', { name: 'Start' }).click()
    await expect(status(page)).toHaveText(/^Game Over! Rent Not Paid Wallet \$\d+\.$/, {
      timeout: 15_000,
    })
    await expect(hud(page, 'Round')).toHaveText('5 / 5')
    const wallet = Number(/Wallet \$(\d+)\./.exec((await status(page).textContent()) ?? '')?.[1])
    await expect(hud(page, 'Wallet')).toHaveText(`$${wallet} / $1500`)
    await expect(hud(page, 'Best')).toHaveText(`$${wallet}`)
    const stored = await page.evaluate(() => localStorage.getItem('rentDue.billCollector.best'))
    expect(stored).toBe(wallet > 0 ? String(wallet) : null)
    await expectNoAxeViolations(page, 'Bill Collector ended')

    await page.reload()
    await expect(hud(page, 'Best')).toHaveText(`$${wallet}`)
  })

  test('plays without localStorage (it throws): no best kept, no crash', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('denied', 'SecurityError')
        },
      })
    })
    await page.goto('/games/bill-collector?seed=5&speed=50')
    // The age gate cannot remember the answer either: it asks.
    await page.getByRole('button', { name: /18\+/ }).click()
    await roommate(page, 'Dez').click()
    await page.getByRole('button', { name: 'Start' }).click()
    await expect(status(page)).toHaveText(/^Game Over! Rent Not Paid Wallet \$\d+\.$/, {
      timeout: 15_000,
    })
    const wallet = /Wallet (\$\d+)\./.exec((await status(page).textContent()) ?? '')?.[1]
    await expect(hud(page, 'Best')).toHaveText(wallet ?? 'no wallet')
  })
})

test.describe('Penny Pinchers', () => {
  test('drops all coins and ends as the seeded rules say', async ({ page }) => {
    const seed = 42
    // The same seed in the rules, played here, predicts the page's game.
    const rng = createRng(seed)
    let s = pennyUpdate(createPennyPinchers(), { type: 'select', roommate: 'dez' }, rng).state
    s = pennyUpdate(s, { type: 'start' }, rng).state
    while (s.status === 'running') {
      s = s.drop ? pennyStep(s, 50, rng).state : pennyUpdate(s, { type: 'drop' }, rng).state
    }
    const expected =
      s.result === 'win'
        ? `RENT PAID! Rent jar $${s.score}.`
        : `Out of coins. Rent Not Paid Rent jar $${s.score}.`

    await gotoPage(page, `/games/penny-pitchers?seed=${seed}&speed=10`)
    await expect(status(page)).toHaveText('Pick a roommate')
    await expectNoAxeViolations(page, 'Penny Pinchers select screen')
    await roommate(page, 'Dez').click()
    await page.getByRole('button', { name: 'Start' }).click()
    await expect(status(page)).toHaveText('Drop a coin!')

    await pressSpace(page)
    await expect(status(page)).toHaveText('PAUSED')
    await expect(page.getByRole('button', { name: 'Drop' })).toBeDisabled()
    await pressSpace(page)
    await expect(status(page)).toHaveText('Drop a coin!')

    const drop = page.getByRole('button', { name: 'Drop' })
    const coinsUsed = 10 - s.coins
    for (let coin = 1; coin <= coinsUsed; coin++) {
      await expect(drop).toBeEnabled()
      await drop.click()
      await expect(hud(page, 'Coins')).toHaveText(`${10 - coin} / 10`)
    }
    await expect(status(page)).toHaveText(expected)
    await expect(hud(page, 'Rent jar')).toHaveText(`$${s.score} / $120`)
    await expect(hud(page, 'Coins')).toHaveText(`${s.coins} / 10`)
    await expectNoAxeViolations(page, 'Penny Pinchers ended')
  })
})
