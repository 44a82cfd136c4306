// The header's search popup (docs/product/pages.md#search-popup): lazy, labelled, acts only on
// non-empty trimmed text, lists the site's matches grouped by kind, links close it and navigate.
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'

async function openSearch(page: Page) {
  await page.getByRole('button', { name: 'Search the site' }).click()
  const dialog = page.getByRole('dialog', { name: 'Search' })
  await expect(dialog).toBeVisible()
  return dialog
}

async function search(page: Page, text: string) {
  const dialog = page.getByRole('dialog', { name: 'Search' })
  await dialog.getByLabel('Keyword').fill(text)
  await dialog.getByRole('button', { name: 'Search', exact: true }).click()
}

test('the popup code loads only when the search button is used', async ({ page }) => {
  const chunks: string[] = []
  page.on('request', (r) => {
    if (/\/assets\/search-dialog-[\w-]+\.js$/.test(r.url())) chunks.push(r.url())
  })
  await gotoPage(page, '/')
  await page.waitForLoadState('networkidle')
  expect(chunks).toEqual([])
  await openSearch(page)
  expect(chunks).toHaveLength(1)
})

test('blank text does nothing; a match lists links grouped by kind', async ({ page }) => {
  await gotoPage(page, '/')
  const dialog = await openSearch(page)
  const status = dialog.getByRole('status')

  await search(page, '   ')
  await expect(status).toHaveText('')
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(0)

  // Case-insensitive: 'BERTHA' finds the character, her cast card and the seeded rows naming her.
  await search(page, '  BERTHA briggs ')
  await expect(status).toHaveText(/^\d+ results for “BERTHA briggs”\.$/)
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([
    'Episodes',
    'News',
    'Characters',
    'Cast',
  ])
  await expect(dialog.getByRole('region', { name: 'Characters' }).getByRole('link')).toHaveText([
    /^Bertha Briggs/,
  ])
  await expectNoAxeViolations(page, 'the search popup with results')

  await search(page, 'xyzzy')
  await expect(status).toHaveText('No results for “xyzzy”.')
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(0)
})

test('an episode from the database: the link closes the popup and opens its player', async ({
  page,
}) => {
  await gotoPage(page, '/')
  const dialog = await openSearch(page)
  // The seeded pilot's synopsis has 'soufflé'; the query has no accent.
  await search(page, 'souffle')
  const episodes = dialog.getByRole('region', { name: 'Episodes' })
  await expect(episodes.getByRole('link')).toHaveText([/^Episode 1: Pilot: Rent Due/])
  await episodes.getByRole('link').click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL('/episodes#episode-1')
  // The Episodes page opens the hash's episode in its player, as for a shared link.
  await expect(page.getByRole('dialog', { name: 'EP 1: Pilot: Rent Due' })).toBeVisible()
})

test('news, merch and games link to their pages', async ({ page }) => {
  await gotoPage(page, '/')
  let dialog = await openSearch(page)
  await search(page, 'faucets')
  await dialog
    .getByRole('region', { name: 'News' })
    .getByRole('link', { name: /^First look at The Briggs Arms/ })
    .click()
  await expect(page).toHaveURL('/news')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News')

  dialog = await openSearch(page)
  await search(page, 'hoodie')
  await dialog
    .getByRole('region', { name: 'Merch' })
    .getByRole('link', { name: /^PAST DUE Hoodie/ })
    .click()
  await expect(page).toHaveURL('/shop')

  dialog = await openSearch(page)
  await search(page, 'bill collector')
  await dialog.getByRole('region', { name: 'Games' }).getByRole('link').click()
  await expect(page).toHaveURL('/games/bill-collector')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bill Collector')
})

test('Escape closes the popup and focus returns to the search button', async ({ page }) => {
  await gotoPage(page, '/')
  const dialog = await openSearch(page)
  await expect(dialog.getByLabel('Keyword')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Search the site' })).toBeFocused()
})

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('the popup appears without animation', async ({ page }) => {
    await gotoPage(page, '/')
    const dialog = await openSearch(page)
    const seconds = await dialog.evaluate((el) =>
      parseFloat(getComputedStyle(el).animationDuration),
    )
    expect(seconds).toBeLessThan(0.001)
  })
})
