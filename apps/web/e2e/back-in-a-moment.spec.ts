// While the API answers 503 (its database is briefly down; the server still serves the pages),
// the data a page is missing reads "back in a moment" instead of an error or an empty list, and
// fills in by itself once reads succeed again (docs/product/errors.md#retries, then the page tries
// again).
import { expect, navigateInBrowser, test } from './support/fixtures'
import { newsRowsNewestFirst } from './support/news-bts'

test.use({
  expectedConsole: /(?:status of 503)|(?:Loading the news failed)/,
})

test('the news say "back in a moment" while the API answers 503, then fill in by themselves', async ({
  page,
  baseURL,
}) => {
  let down = true
  let tries = 0
  await page.route('**/rest/v1/news*', async (route) => {
    if (!down) return route.continue()
    tries += 1
    return route.fulfill({
      status: 503,
      headers: { 'Retry-After': '0', 'content-type': 'application/json' },
      body: '{"message":"the database is starting"}',
    })
  })
  await navigateInBrowser(page, '/news')
  const main = page.getByRole('main')
  // The pinned memos read the news table too: each part says it for itself.
  const latest = main.getByRole('region', { name: 'From the office' })
  await expect(latest.getByRole('status')).toHaveText(
    '⏳ Back in a moment: the building’s records are being fetched again.',
  )
  // supabase-js tried the read 3 more times first (docs/product/errors.md#retries).
  expect(tries).toBeGreaterThanOrEqual(4)
  await expect(main.getByRole('heading', { name: 'Meet the Cast: Virtual Q&A' })).toBeVisible()
  await expect(page.getByText('No memos on the board yet. Check back soon.')).toHaveCount(0)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)

  down = false
  const [newest] = await newsRowsNewestFirst(baseURL)
  await expect(main.getByRole('heading', { name: newest!.headline })).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByText(/Back in a moment/)).toHaveCount(0)
})
