// The team application on the real server: the stored row (empty optionals as null, the role as
// its lower-case value), the disabled rules of docs/product/forms.md#team-application,
// 'Submitting...', the card's 'Application Submitted!', the failure toast that keeps the typed
// values, a double click or a replay leaving one row, and the database refusing bad values sent
// around the form.
import type { Page } from '@playwright/test'
import {
  expect,
  expectNoAxeViolations,
  gotoPage,
  scrollToHomeSection,
  test,
} from './support/fixtures'
import { uniqueTag } from './support/forms-db'
import { signUpFormContract } from './support/sign-up-form-contract'

const team = signUpFormContract('team_applications')

function applicant() {
  const tag = uniqueTag()
  return { name: `Applicant ${tag}`, email: `team-${tag}@example.com` }
}

async function openDialog(page: Page, path = '/') {
  await gotoPage(page, path)
  if (path === '/') await scrollToHomeSection(page, 'Latest News')
  await page.getByRole('button', { name: 'Apply Now' }).click()
  const dialog = page.getByRole('dialog', { name: 'Join the Team' })
  await expect(dialog).toBeVisible()
  return dialog
}

test('an application with only the required fields stores nulls and marks the card', async ({
  page,
  baseURL,
}) => {
  const who = applicant()
  const dialog = await openDialog(page)
  const submit = dialog.getByRole('button', { name: 'Submit Application' })
  await expect(submit).toBeDisabled()
  await expectNoAxeViolations(page, 'the team application dialog')
  await dialog.getByLabel('Name').fill(who.name)
  await dialog.getByLabel('Email').fill(who.email)
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email')
  await expect(submit).toBeDisabled()
  await dialog.getByLabel('Role').selectOption({ label: 'Street Team' })
  await expect(submit).toBeEnabled()

  // Hold the request so the 'Submitting...' state can be seen.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/rest/v1/team_applications*', async (route) => {
    await held
    await route.continue()
  })
  await submit.dblclick()
  await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled()
  release()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByText("Thank you for your interest in joining the team. We'll be in touch soon!"),
  ).toBeVisible()
  await expect(
    page.locator('[data-sonner-toast]').getByText('Application Submitted!'),
  ).toBeVisible()
  const card = page.locator('article', {
    has: page.getByRole('heading', { name: 'Join the Team' }),
  })
  await expect(card.getByRole('status')).toHaveText('Application Submitted!')
  await page.screenshot({ path: 'test-results/forms-team-success.png' })

  await team.expectOneRow(baseURL, {
    name: who.name,
    email: who.email,
    role: 'street team',
    instagram: null,
    comments: null,
  })
})

test.describe(() => {
  test.use({ expectedConsole: /(?:status of 500)|(?:Insert into \w+ failed)/ })

  test('a full application from News; a failure keeps it; a replay leaves one row', async ({
    page,
    baseURL,
  }) => {
    const who = applicant()
    const dialog = await openDialog(page, '/news')
    await dialog.getByLabel('Name').fill(who.name)
    await dialog.getByLabel('Email').fill(who.email)
    await dialog.getByLabel('Instagram').fill('@rentdue_fan')
    await dialog.getByLabel('Role').selectOption('voiceover artist')
    await dialog.getByLabel('Comments').fill('I do a great Bertha.\nAnd a better Tubbs.')

    await team.failInserts(page)
    await dialog.getByRole('button', { name: 'Submit Application' }).click()
    await expect(
      page.getByText('There was an error submitting your application. Please try again.'),
    ).toBeVisible()
    await expect(dialog.getByLabel('Name')).toHaveValue(who.name)
    await expect(dialog.getByLabel('Instagram')).toHaveValue('@rentdue_fan')
    await expect(dialog.getByLabel('Role')).toHaveValue('voiceover artist')
    await expect(dialog.getByLabel('Comments')).toHaveValue(
      'I do a great Bertha.\nAnd a better Tubbs.',
    )
    await team.restore(page)

    const posted = team.insertSent(page)
    await dialog.getByRole('button', { name: 'Submit Application' }).click()
    const request = await posted
    await expect(dialog).toBeHidden()
    await team.expectReplayRefused(page, baseURL, request, {
      name: who.name,
      email: who.email,
      instagram: '@rentdue_fan',
      role: 'voiceover artist',
      comments: 'I do a great Bertha.\nAnd a better Tubbs.',
    })
  })
})

test('over-long and malformed values are refused in the form', async ({ page }) => {
  const dialog = await openDialog(page)
  await dialog.getByLabel('Name').fill('Fan')
  await dialog.getByLabel('Email').fill('fan@example..com')
  await dialog.getByLabel('Instagram').fill('i'.repeat(101))
  await dialog.getByLabel('Role').selectOption('writer')
  await dialog.getByLabel('Comments').fill('c'.repeat(2001))
  await dialog.getByRole('button', { name: 'Submit Application' }).click()
  const email = dialog.getByLabel('Email')
  await expect(email).toBeFocused()
  await expect(email).toHaveAccessibleDescription(
    'Please enter a valid email address, like name@example.com.',
  )
  await expect(dialog.getByLabel('Instagram')).toHaveAccessibleDescription(
    'Your Instagram handle must be at most 100 characters.',
  )
  await expect(dialog.getByLabel('Comments')).toHaveAccessibleDescription(
    'Your comments must be at most 2000 characters.',
  )
  await expectNoAxeViolations(page, 'the team application dialog with errors')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/forms-team-errors-390.png', fullPage: false })
})

test('the database refuses bad values sent around the form', async ({ baseURL }) => {
  const email = `team-${uniqueTag()}@example.com`
  await team.expectDatabaseRefuses(
    baseURL,
    { name: 'Fan', email, role: 'Writer' },
    { name: 'Fan', email, role: 'writer', instagram: '  ' },
  )
})
