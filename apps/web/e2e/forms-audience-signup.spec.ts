// The Virtual Meet the Cast Q&A signup on the real server: the stored row, the success state and
// toast, the disabled rules of docs/product/forms.md#meet-the-cast-qa, failure and rate-limit
// toasts that keep the typed values, one row for a double click or a replayed request, and the
// database refusing bad values. Inserts are rate-limited per table and address (decision 033), so
// these tests stay frugal.
import type { Page } from '@playwright/test'
import {
  expect,
  expectNoAxeViolations,
  gotoPage,
  scrollToHomeSection,
  test,
} from './support/fixtures'
import { uniqueTag } from './support/forms-db'
import { signUpFormContract, TOO_MANY } from './support/sign-up-form-contract'

const audience = signUpFormContract('audience_signups')

function fan() {
  const tag = uniqueTag()
  return { name: `Q&A Fan ${tag}`, username: `qa_${tag}`, email: `qa-${tag}@example.com` }
}

async function openDialog(page: Page, path = '/') {
  await gotoPage(page, path)
  if (path === '/') await scrollToHomeSection(page, 'Latest News')
  await page.getByRole('button', { name: 'Save my seat' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Virtual Meet the Cast Q&A' })
  await expect(dialog).toBeVisible()
  await expect(
    dialog.getByText('Sign up for our virtual meet and greet with the cast!'),
  ).toBeVisible()
  return dialog
}

async function fill(page: Page, who: { name: string; username: string; email: string }) {
  await page.getByPlaceholder('Your name').fill(who.name)
  await page.getByPlaceholder('Username').fill(who.username)
  await page.getByPlaceholder('Email address').fill(who.email)
}

test('signing up stores one row with the typed values, even on a double click', async ({
  page,
  baseURL,
}) => {
  const who = fan()
  const dialog = await openDialog(page)
  const submit = dialog.getByRole('button', { name: 'Sign Up for Q&A' })
  await expect(submit).toBeDisabled()
  await expectNoAxeViolations(page, 'the Q&A dialog')
  await page.getByPlaceholder('Your name').fill(who.name)
  await expect(submit).toBeDisabled()
  await page.getByPlaceholder('Username').fill(who.username)
  await expect(submit).toBeDisabled()
  await page.getByPlaceholder('Email address').fill(who.email)
  await expect(submit).toBeEnabled()
  await expect(page.getByPlaceholder('Email address')).toHaveAttribute('type', 'email')

  const posted = audience.insertSent(page)
  await submit.dblclick()
  const request = await posted
  await expect(dialog.getByRole('heading', { name: "You're all set!" })).toBeVisible()
  await expect(dialog.getByText('🎉')).toBeVisible()
  await expect(dialog.getByText("We'll send you the meeting details via email soon!")).toBeVisible()
  await expect(page.getByText('Successfully signed up!')).toBeVisible()
  await expect(
    page.getByText(
      "You're registered for the Virtual Meet the Cast Q&A. We'll send you details soon!",
    ),
  ).toBeVisible()
  await page.screenshot({ path: 'test-results/forms-qa-success.png' })

  // Replaying the very same request (same submission_id) is refused as a duplicate.
  const row = await audience.expectReplayRefused(page, baseURL, request, {
    name: who.name,
    username: who.username,
    email: who.email,
  })
  expect(row.submission_id).toEqual(expect.any(String))

  // Closing clears the form and returns to it.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Save my seat' }).first().click()
  await expect(page.getByPlaceholder('Your name')).toHaveValue('')
  await expect(page.getByPlaceholder('Username')).toHaveValue('')
  await expect(page.getByPlaceholder('Email address')).toHaveValue('')
})

test.describe(() => {
  test.use({ expectedConsole: /(?:status of (500|429))|(?:Insert into \w+ failed)/ })

  test('a server error keeps the form and the typed values; a retry stores one row', async ({
    page,
    baseURL,
  }) => {
    const who = fan()
    const dialog = await openDialog(page, '/news')
    await fill(page, who)
    await audience.failInserts(page)
    await dialog.getByRole('button', { name: 'Sign Up for Q&A' }).click()
    await expect(page.getByText('Failed to submit your signup. Please try again.')).toBeVisible()
    await expect(page.getByText('Error', { exact: true })).toBeVisible()
    await expect(page.getByPlaceholder('Your name')).toHaveValue(who.name)
    await expect(page.getByPlaceholder('Username')).toHaveValue(who.username)
    await expect(page.getByPlaceholder('Email address')).toHaveValue(who.email)

    await audience.restore(page)
    await audience.failInserts(page, TOO_MANY)
    await dialog.getByRole('button', { name: 'Sign Up for Q&A' }).click()
    await expect(
      page.getByText('Too many tries from your connection. Please wait a minute and try again.'),
    ).toBeVisible()
    await expect(page.getByPlaceholder('Your name')).toHaveValue(who.name)

    await audience.restore(page)
    await dialog.getByRole('button', { name: 'Sign Up for Q&A' }).click()
    await expect(dialog.getByRole('heading', { name: "You're all set!" })).toBeVisible()
    await audience.expectOneRow(baseURL, { email: who.email })
  })
})

test('over-long and malformed values are refused in the form, with linked messages', async ({
  page,
}) => {
  const dialog = await openDialog(page)
  await page.getByPlaceholder('Your name').fill('N'.repeat(101))
  await page.getByPlaceholder('Username').fill('u'.repeat(51))
  await page.getByPlaceholder('Email address').fill('not-an-email')
  let posts = 0
  page.on('request', (r) => {
    if (r.url().includes('/rest/v1/audience_signups')) posts += 1
  })
  await dialog.getByRole('button', { name: 'Sign Up for Q&A' }).click()
  const name = page.getByPlaceholder('Your name')
  await expect(name).toBeFocused()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription('Your name must be at most 100 characters.')
  await expect(page.getByPlaceholder('Username')).toHaveAccessibleDescription(
    'Your username must be at most 50 characters.',
  )
  await expect(page.getByPlaceholder('Email address')).toHaveAccessibleDescription(
    'Please enter a valid email address, like name@example.com.',
  )
  await expectNoAxeViolations(page, 'the Q&A dialog with errors')
  await page.screenshot({ path: 'test-results/forms-qa-errors.png' })
  expect(posts).toBe(0)
})

test('the database refuses bad values sent around the form', async ({ baseURL }) => {
  const tag = uniqueTag()
  await audience.expectDatabaseRefuses(
    baseURL,
    { name: 'Fan', username: 'u'.repeat(51), email: `qa-${tag}@example.com` },
    { name: 'Fan', username: 'fan', email: `qa-${tag}@example` },
  )
})
