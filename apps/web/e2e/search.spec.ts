// The header's search popup (docs/product/pages.md#search-popup): lazy, labelled, acts only on
// non-empty trimmed text, lists the site's matches grouped by kind with the matched words marked,
// tolerates typos, and its links close it and land on the item (decision 342).
import type { Locator, Page } from '@playwright/test'
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
  // The Episodes page opens the hash's episode in its player, as for a shared link, and the
  // address becomes the episode's own page while it is open.
  await expect(page.getByRole('dialog', { name: 'EP 1: Pilot: Rent Due' })).toBeVisible()
  await expect(page).toHaveURL('/episodes/pilot-rent-due')
})

/**
 * The item a link landed on: marked (lib/hash-target.ts) and on screen, clear of the sticky header
 * above and the radio bar below, with nothing sideways to scroll.
 */
async function expectLandedOn(page: Page, item: Locator) {
  await expect(item).toHaveAttribute('data-hash-target')
  await expect
    .poll(() =>
      item.evaluate((el) => {
        const box = el.getBoundingClientRect()
        const header = document.querySelector('header.site-header')!.getBoundingClientRect()
        const bar = document.querySelector('section.radio-bar')?.getBoundingClientRect()
        const bottom = bar && bar.top > 0 ? bar.top : window.innerHeight
        const centre = box.top + box.height / 2
        return {
          onScreen: centre > header.bottom && centre < bottom,
          sideways: document.documentElement.scrollWidth > window.innerWidth,
        }
      }),
    )
    .toEqual({ onScreen: true, sideways: false })
}

test("'berta' finds Bertha; her result lands on her cast card, marked", async ({ page }) => {
  await gotoPage(page, '/')
  const dialog = await openSearch(page)
  await search(page, 'berta')
  await expect(dialog.getByRole('status')).toHaveText(/^\d+ results for “berta”\.$/)
  const bertha = dialog
    .getByRole('region', { name: 'Cast' })
    .getByRole('link', { name: /^Bertha Briggs/ })
  // The word she matched is marked in the result.
  await expect(bertha.locator('mark').first()).toHaveText('Bertha')
  await expectNoAxeViolations(page, 'the search popup with typo-tolerant results')
  await bertha.click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL('/cast#cast-member-bertha')
  const card = page.getByTestId('cast-card').filter({ hasText: 'Bertha Briggs' })
  await expectLandedOn(page, card)
  await expect(page.locator('[data-hash-target]')).toHaveCount(1)
})

test('a news result lands on its memo', async ({ page }) => {
  await gotoPage(page, '/')
  const dialog = await openSearch(page)
  await search(page, 'faucets')
  await dialog
    .getByRole('region', { name: 'News' })
    .getByRole('link', { name: /^First look at The Briggs Arms/ })
    .click()
  await expect(page).toHaveURL(/\/news#news-\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News')
  await expectLandedOn(
    page,
    page.locator('.news-list__item').filter({ hasText: 'First look at The Briggs Arms' }),
  )
})

test("'hoody' finds the hoodie and lands on its card; the mark moves with the next landing", async ({
  page,
}) => {
  await gotoPage(page, '/shop')
  let dialog = await openSearch(page)
  await search(page, 'hoody')
  await dialog
    .getByRole('region', { name: 'Merch' })
    .getByRole('link', { name: /^PAST DUE Hoodie/ })
    .click()
  await expect(page).toHaveURL('/shop#merch-past-due-hoodie')
  await expectLandedOn(page, page.getByTestId('merch-card').filter({ hasText: 'PAST DUE Hoodie' }))

  dialog = await openSearch(page)
  await search(page, 'socks')
  await dialog.getByRole('region', { name: 'Merch' }).getByRole('link').click()
  await expect(page).toHaveURL('/shop#merch-late-fee-socks')
  await expectLandedOn(page, page.getByTestId('merch-card').filter({ hasText: 'Late Fee Socks' }))
  await expect(page.locator('[data-hash-target]')).toHaveCount(1)
})

test('a track lands on its row in its volume’s playlist', async ({ page }) => {
  await gotoPage(page, '/')
  const dialog = await openSearch(page)
  await search(page, 'ramen')
  await dialog
    .getByRole('region', { name: 'Tracks' })
    .getByRole('link', { name: /^Ramen Again/ })
    .click()
  await expect(page).toHaveURL(/\/soundtrack#track-soundtrack-1st-ramen-again(-\w+)?$/)
  await expectLandedOn(
    page,
    page
      .getByRole('list', { name: 'Playlist' })
      .getByRole('listitem')
      .filter({ hasText: 'Ramen Again' }),
  )
})

test('a game result opens its page, at the top, nothing marked', async ({ page }) => {
  await gotoPage(page, '/')
  const dialog = await openSearch(page)
  await search(page, 'bill collector')
  await dialog.getByRole('region', { name: 'Games' }).getByRole('link').click()
  await expect(page).toHaveURL('/games/bill-collector')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bill Collector')
  await expect(page.locator('[data-hash-target]')).toHaveCount(0)
})

test('a shared link to an item lands on it on the first page of a visit', async ({ page }) => {
  await gotoPage(page, '/shop#merch-late-fee-socks')
  await expectLandedOn(page, page.getByTestId('merch-card').filter({ hasText: 'Late Fee Socks' }))
})

for (const size of [
  { label: '390×844', width: 390, height: 844 },
  { label: '360×740', width: 360, height: 740 },
] as const) {
  test.describe(`on a ${size.label} phone`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      hasTouch: true,
      isMobile: true,
    })

    test("'berta' lands on Bertha's card, on screen, nothing sideways", async ({ page }) => {
      await gotoPage(page, '/news')
      const dialog = await openSearch(page)
      await search(page, 'berta')
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).resolves.toBe(0)
      await dialog
        .getByRole('region', { name: 'Characters' })
        .getByRole('link', { name: /^Bertha Briggs/ })
        .tap()
      await expect(page).toHaveURL('/cast#cast-member-bertha')
      await expectLandedOn(page, page.getByTestId('cast-card').filter({ hasText: 'Bertha Briggs' }))
    })
  })
}

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
