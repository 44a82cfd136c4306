// /news on the real server: the pinned Q&A memo, the team call dated today, then exactly the
// database news, newest first (docs/product/pages.md#news); a new row shows on the next load; text
// stays text; a failed load is only logged (docs/product/errors.md#when-a-read-fails), and never
// shown as an empty board.
import type { Page } from '@playwright/test'
import {
  expect,
  expectNoAxeViolations,
  gotoPage,
  navigateInBrowser,
  test,
} from './support/fixtures'
import { uniqueTag } from './support/forms-db'
import { longDate, newsRowsNewestFirst, serviceClient } from './support/news-bts'

// One test adds a row: the others must not read the table while it is there.
test.describe.configure({ mode: 'serial' })

function newsList(page: Page) {
  return page.getByRole('list', { name: 'News', exact: true })
}

test('the pinned Q&A memo, the team call dated today, then every news row newest first', async ({
  page,
  baseURL,
}) => {
  await gotoPage(page, '/news')
  await expect(newsList(page)).toBeVisible()
  const rows = await newsRowsNewestFirst(baseURL)
  expect(rows.length).toBeGreaterThanOrEqual(10)

  const articles = page.getByRole('article')
  await expect(articles).toHaveCount(2 + rows.length)

  const qa = articles.nth(0)
  await expect(qa.getByRole('heading', { level: 3 })).toContainText('Meet the Cast')
  await expect(qa.locator('time').first()).toHaveText('9/6/2025')
  await expect(qa.getByText('Pinned')).toBeVisible()

  const team = articles.nth(1)
  await expect(team.getByRole('heading', { level: 3 })).toHaveText('Join the Team')
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-US'))
  await expect(team.locator('time')).toHaveText(today)

  const memos = newsList(page).getByRole('article')
  await expect(memos.getByRole('heading', { level: 3 })).toHaveText(rows.map((r) => r.headline))
  await expect(memos.locator('time')).toHaveText(rows.map((r) => longDate(r.date)))
  await expect(memos.locator('time').first()).toHaveAttribute('datetime', rows[0]!.date)
  await expect(memos.first()).toContainText(rows[0]!.summary)
  await expect(memos.last()).toContainText(rows.at(-1)!.summary)
  // The seed's newest and oldest memos, spelled out, so a wrong sort in both places still fails.
  await expect(memos.first().locator('time')).toHaveText('September 1, 2026')
  await expect(memos.last().locator('time')).toHaveText('March 1, 2025')

  await expectNoAxeViolations(page, '/news')
})

test('a news row added by the admin shows on the next load, as literal text', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueTag()
  const headline = `Lobby notice <b>x</b> ${tag}`
  const summary = `<img src=x onerror="alert(1)"> & the boiler ${tag}`
  await gotoPage(page, '/news')
  await expect(newsList(page)).toBeVisible()
  await expect(page.getByText(headline)).toHaveCount(0)

  const db = serviceClient(baseURL)
  // The oldest date of all, so the row sorts last and no other page's "newest few" moves.
  const { data, error } = await db
    .from('news')
    .insert({ date: '2000-01-01', headline, summary })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  try {
    await page.reload()
    const last = newsList(page).getByRole('article').last()
    await expect(last.getByRole('heading', { level: 3 })).toHaveText(headline)
    await expect(last.locator('time')).toHaveText('January 1, 2000')
    await expect(last.getByText(summary, { exact: true })).toBeVisible()
    await expect(last.locator('b, img')).toHaveCount(0)
    const rows = await newsRowsNewestFirst(baseURL)
    await expect(newsList(page).getByRole('heading', { level: 3 })).toHaveText(
      rows.map((r) => r.headline),
    )
  } finally {
    await db.from('news').delete().eq('id', data.id)
  }
})

test.describe(() => {
  test.use({ expectedConsole: /(?:ERR_CONNECTION_REFUSED)|(?:Loading the news failed)/ })

  test('a failed news load is only logged: no toast, no claim that the board is empty, the pinned memos stay', async ({
    page,
  }) => {
    const logged: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text())
    })
    let tries = 0
    await page.route('**/rest/v1/news*', (route) => {
      tries += 1
      return route.abort('connectionrefused')
    })
    await navigateInBrowser(page, '/news')
    // supabase-js retries a failed read 3 times with a 1 s, 2 s, 4 s backoff
    // (docs/product/errors.md#retries) first.
    await expect
      .poll(() => logged.some((t) => t.includes('Loading the news failed')), {
        timeout: 20_000,
      })
      .toBe(true)
    expect(tries).toBe(4)
    await expect(page.getByText('Loading news...')).toHaveCount(0)
    // The table may well have rows: a read that failed says nothing about them.
    await expect(page.getByText('No memos on the board yet. Check back soon.')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Meet the Cast: Virtual Q&A' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Join the Team' })).toBeVisible()
    await expect(newsList(page)).toHaveCount(0)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
    await expect(page.getByText('Error', { exact: true })).toHaveCount(0)
  })
})

test('the Q&A memo on /news opens the signup dialog, which passes axe', async ({ page }) => {
  await gotoPage(page, '/news')
  await page.getByRole('button', { name: 'Save my seat' }).click()
  const dialog = page.getByRole('dialog', { name: 'Virtual Meet the Cast Q&A' })
  await expect(dialog).toBeVisible()
  await expect(
    dialog.getByText('Sign up for our virtual meet and greet with the cast!'),
  ).toBeVisible()
  await expectNoAxeViolations(page, 'the Q&A dialog on /news')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Save my seat' })).toBeFocused()
})
