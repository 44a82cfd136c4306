// The server's first paint (decision 163) draws the top of /episodes and /news before any JS has
// run. It must show what the page React then renders shows, the same size in the same column,
// and an episode tapped before the JS has run opens once it has.
import type { Browser, Page } from '@playwright/test'
import { dialogTitle, episodeRows } from './support/episodes'
import { expect, gotoPage, test } from './support/fixtures'

const pages = [
  { path: '/episodes', region: '.episode-grid', largest: '.episode-card__thumb img' },
  { path: '/news', region: '.news-page__pins', largest: '.form-card' },
] as const

type Box = { x: number; width: number; height: number }

async function regionOf(page: Page, selector: string, largest: string) {
  await page.evaluate(() => document.fonts.ready)
  const box = await page.locator(largest).first().boundingBox()
  expect(box).not.toBeNull()
  const { x, width, height } = box!
  return {
    text: await page.locator(selector).innerText(),
    box: { x, width, height } satisfies Box,
  }
}

/** The page as a browser without JavaScript shows it: the server's HTML alone. */
async function firstPaint(browser: Browser, path: string) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  })
  const page = await context.newPage()
  await page.goto(path)
  return { context, page }
}

for (const { path, region, largest } of pages) {
  test(`${path}: the first paint shows the page's own text, laid out as the page lays it out`, async ({
    browser,
    page,
  }) => {
    const { context, page: shell } = await firstPaint(browser, path)
    await expect(shell.locator('main:not(#main)')).toHaveAttribute('aria-busy', 'true')
    const before = await regionOf(shell, region, largest)
    await context.close()

    await page.setViewportSize({ width: 390, height: 844 })
    await gotoPage(page, path)
    await expect(page.locator(`main#main ${region}`)).toBeVisible()
    const after = await regionOf(page, `main#main ${region}`, `main#main ${largest}`)
    expect(after.text).toBe(before.text)
    expect(after.box).toEqual(before.box)
  })
}

test('/episodes: a card tapped before the JS has run opens its episode once it has', async ({
  page,
  baseURL,
}) => {
  const second = (await episodeRows(baseURL))[1]!
  // Hold the entry script back, so the tap certainly lands on the server's first paint.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  // A held script delays the load event, so wait for the HTML alone.
  await page.goto('/episodes', { waitUntil: 'domcontentloaded' })
  await page.getByRole('link', { name: `Play ${dialogTitle(second)}` }).click()
  await expect(page).toHaveURL(`/episodes#episode-${second.episode_number}`)
  release()
  await expect(page.getByRole('dialog', { name: dialogTitle(second) })).toBeVisible()
})
