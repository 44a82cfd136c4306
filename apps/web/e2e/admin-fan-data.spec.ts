// A fan's data on request, on the real server: a fan joins the merch list through the shop's form
// (and writes in, with the address in other capitals); an admin finds both under the address in
// the console, downloads them as JSON, erases them after confirming, and sees both requests in
// the log, which shows a fingerprint of the address and never the address. On a phone the view
// fits the screen with nothing scrolling sideways.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { apiClient, signInAtAdmin, adminWithTag } from './support/admin'
import { expectNothingCovered } from './support/covered-controls'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'

const fingerprint = (address: string) =>
  crypto.createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 12)

async function joinMerchList(page: Page, email: string) {
  await gotoPage(page, '/shop')
  const form = page.getByRole('form', { name: 'Stay Updated' })
  await form.getByLabel('Email').fill(email)
  await form.getByRole('button', { name: 'Notify Me' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: "You're on the merch list." }),
  ).toBeVisible()
}

async function lookUp(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email)
  await page.getByRole('button', { name: 'Look up' }).click()
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(widths.scroll).toBeLessThanOrEqual(widths.client)
}

test('an admin finds, downloads and erases what is stored about an address', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const { admin, tag } = adminWithTag()
  const stored = `Fan-Data-${tag}@Example.com`
  const address = stored.toLowerCase()
  await joinMerchList(page, stored)
  const wrote = await apiClient(baseURL, 'anon')
    .from('contact_submissions')
    .insert({ name: `Data Fan ${tag}`, email: address.toUpperCase(), comment: 'Hello' })
  expect(wrote.error).toBeNull()

  await signInAtAdmin(page, '/admin/fan-data', admin)
  await expect(page.getByRole('heading', { name: 'Fan data' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Fan data' })).toHaveAttribute('aria-current', 'page')
  await page.getByRole('button', { name: 'Look up' }).click()
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveAccessibleDescription(
    'Enter the e-mail address the fan asked about.',
  )

  await lookUp(page, `  ${address}  `)
  const found = page.getByRole('region', { name: `Stored about ${address}` })
  await expect(found).toBeVisible()
  await expect(found.getByText('2 rows in all.')).toBeVisible()
  const counts = found.getByRole('table', { name: `Rows stored about ${address}` })
  await expect(counts.getByRole('row', { name: 'Merch waitlist 1' })).toBeVisible()
  await expect(counts.getByRole('row', { name: 'Contact messages 1' })).toBeVisible()
  await expect(counts.getByRole('row', { name: 'Fan club sign-ups 0' })).toBeVisible()
  await expect(found.getByRole('region', { name: 'Merch waitlist (1)' })).toContainText(stored)
  await expect(found.getByRole('region', { name: 'Contact messages (1)' })).toContainText(
    `Data Fan ${tag}`,
  )
  await expectNoAxeViolations(page, 'the fan data look-up')
  await page.setViewportSize({ width: 1280, height: 800 })
  await expectNoSidewaysScroll(page)
  expect(await expectNothingCovered(page, 'the fan data look-up at 1280 px')).toBeGreaterThan(0)
  await page.screenshot({ path: '/tmp/fan-data-1280.png', fullPage: true })

  const downloading = page.waitForEvent('download')
  await found.getByRole('button', { name: 'Download JSON' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^fan-data-\d{4}-\d{2}-\d{2}\.json$/)
  const json = JSON.parse(await fs.readFile((await download.path())!, 'utf8')) as {
    address: string
    counts: Record<string, number>
    rows: Record<string, Record<string, unknown>[]>
  }
  expect(json.address).toBe(address)
  expect(json.counts.merch_waitlist).toBe(1)
  expect(json.counts.contact_submissions).toBe(1)
  expect(json.rows.merch_waitlist?.[0]).toMatchObject({ email: stored })
  expect(json.rows.contact_submissions?.[0]).toMatchObject({ name: `Data Fan ${tag}` })

  await found.getByRole('button', { name: 'Erase everything' }).click()
  const dialog = page.getByRole('dialog', { name: `Erase everything stored about ${address}?` })
  await expect(dialog).toBeVisible()
  await expectNoAxeViolations(page, 'the erase dialog')
  await dialog.getByRole('button', { name: 'Erase' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Erased 2 rows stored about ${address}.`)).toBeVisible()
  await expect(found).toBeHidden()

  const service = apiClient(baseURL, 'service')
  for (const table of ['merch_waitlist', 'contact_submissions']) {
    const { data, error } = await service.from(table).select('id').ilike('email', address)
    expect(error).toBeNull()
    expect(data, table).toEqual([])
  }

  const log = page.getByRole('region', { name: 'Request log' })
  const mine = log.getByRole('row').filter({ hasText: fingerprint(address) })
  await expect(mine).toHaveCount(2)
  await expect(mine.nth(0)).toContainText('Erasure')
  await expect(mine.nth(0).getByRole('cell').nth(1)).toHaveText('2')
  await expect(mine.nth(0)).toContainText(admin.email)
  await expect(mine.nth(1)).toContainText('Look-up and export')
  await expect(log).not.toContainText(address)
  await expectNoAxeViolations(page, 'the fan data view after an erasure')

  await lookUp(page, address)
  await expect(found.getByText('Nothing is stored about this address.')).toBeVisible()
  await expect(found.getByRole('button', { name: 'Erase everything' })).toBeDisabled()
})

for (const size of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(() => {
    test.use({ viewport: size, hasTouch: true, isMobile: true })

    test(`the view fits ${size.width} px with what it found, and passes axe`, async ({ page }) => {
      const { admin, tag } = adminWithTag()
      const address = `phone-fan-data-with-a-long-address-${tag}@example.com`
      await joinMerchList(page, address)
      await signInAtAdmin(page, '/admin/fan-data', admin)
      await lookUp(page, address)
      const found = page.getByRole('region', { name: `Stored about ${address}` })
      await expect(found.getByText('1 row in all.')).toBeVisible()
      await expectNoSidewaysScroll(page)
      expect(
        await expectNothingCovered(page, `the fan data look-up at ${size.width} px`),
      ).toBeGreaterThan(0)
      await expectNoAxeViolations(page, `the fan data look-up at ${size.width} px`)
      await page.screenshot({ path: `/tmp/fan-data-${size.width}.png`, fullPage: true })
      await found.getByRole('button', { name: 'Erase everything' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('button', { name: 'Erase' })).toBeInViewport()
      await dialog.getByRole('button', { name: 'Erase' }).click()
      await expect(page.getByText(`Erased 1 row stored about ${address}.`)).toBeVisible()
      await expect(page.getByRole('region', { name: 'Request log' })).toBeVisible()
      await expectNoSidewaysScroll(page)
    })
  })
}
