// The shop's 'Stay Updated' form on the real server: the stored row, the confirmation, the failure
// toast that keeps the typed address, one row for a double click or a replay, and bad addresses
// refused in the form and by the database.
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'
import { uniqueTag } from './support/forms-db'
import { signUpFormContract } from './support/sign-up-form-contract'

const waitlist = signUpFormContract('merch_waitlist')

function form(page: Page) {
  return page.getByRole('form', { name: 'Stay Updated' })
}

test('an address is stored once and the fan is told', async ({ page, baseURL }) => {
  const email = `merch-${uniqueTag()}@example.com`
  await gotoPage(page, '/shop')
  const input = form(page).getByLabel('Email')
  await expect(input).toHaveAttribute('type', 'email')
  await expect(input).toHaveAttribute('aria-required', 'true')
  await expectNoAxeViolations(page, 'the shop with the Stay Updated form')
  await input.fill(email)
  const posted = waitlist.insertSent(page)
  await form(page).getByRole('button', { name: 'Notify Me' }).dblclick()
  const request = await posted
  const done = page.getByRole('status').filter({ hasText: "You're on the merch list." })
  await expect(done).toBeVisible()
  await expect(done).toBeFocused()
  await page.screenshot({ path: 'test-results/forms-merch-success.png', fullPage: true })

  await waitlist.expectReplayRefused(page, baseURL, request, { email })
})

test.describe(() => {
  test.use({ expectedConsole: /(?:status of 500)|(?:Insert into \w+ failed)/ })

  test('a failure toasts and keeps the typed address', async ({ page }) => {
    const email = `merch-${uniqueTag()}@example.com`
    await gotoPage(page, '/shop')
    await form(page).getByLabel('Email').fill(email)
    await waitlist.failInserts(page)
    await form(page).getByRole('button', { name: 'Notify Me' }).click()
    await expect(
      page.getByText('There was an error joining the waitlist. Please try again.'),
    ).toBeVisible()
    await expect(page.getByText('Error', { exact: true })).toBeVisible()
    await expect(form(page).getByLabel('Email')).toHaveValue(email)
  })
})

test('empty and malformed addresses are refused in the form', async ({ page }) => {
  await gotoPage(page, '/shop')
  await form(page).getByRole('button', { name: 'Notify Me' }).click()
  const input = form(page).getByLabel('Email')
  await expect(input).toBeFocused()
  await expect(input).toHaveAccessibleDescription('Please enter your email address.')
  await input.fill(`${'a'.repeat(250)}@example.com`)
  await form(page).getByRole('button', { name: 'Notify Me' }).click()
  await expect(input).toHaveAccessibleDescription(
    'Your email address must be at most 254 characters.',
  )
  await input.fill('fan@example.com.')
  await form(page).getByRole('button', { name: 'Notify Me' }).click()
  await expect(input).toHaveAccessibleDescription(
    'Please enter a valid email address, like name@example.com.',
  )
  await expectNoAxeViolations(page, 'the Stay Updated form with an error')
  await page.setViewportSize({ width: 390, height: 844 })
  await form(page).screenshot({ path: 'test-results/forms-merch-errors-390.png' })
})

test('the database refuses bad addresses sent around the form', async ({ baseURL }) => {
  await waitlist.expectDatabaseRefuses(
    baseURL,
    { email: 'fan@example.com.' },
    { email: `${'a'.repeat(250)}@example.com` },
  )
})
