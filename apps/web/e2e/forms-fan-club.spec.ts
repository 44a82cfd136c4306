// The Home fan-club form on the real server: the stored row, the thank-you card, the failure toast
// that keeps the typed values, one row for a double click or a replay, and bad values refused in
// the form and by the database.
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

const fanClub = signUpFormContract('fan_club_signups')

function member() {
  const tag = uniqueTag()
  return { name: `Club Fan ${tag}`, email: `club-${tag}@example.com` }
}

function form(page: Page) {
  return page.getByRole('form', { name: 'Join the fan club' })
}

async function openFanClub(page: Page) {
  await gotoPage(page, '/')
  await scrollToHomeSection(page, 'Fan Club')
  await expect(form(page)).toBeVisible()
}

test('joining stores one row, shows the thank-you card, and a replay adds nothing', async ({
  page,
  baseURL,
}) => {
  const who = member()
  await openFanClub(page)
  await form(page).getByLabel('Name').fill(who.name)
  await form(page).getByLabel('Email').fill(who.email)
  await expect(form(page).getByLabel('Email')).toHaveAttribute('type', 'email')
  await form(page).scrollIntoViewIfNeeded()
  const posted = fanClub.insertSent(page)
  await form(page).getByRole('button', { name: 'Join the Fan Club' }).dblclick()
  const request = await posted
  const thanks = page.getByRole('status').filter({ hasText: 'Thanks for joining the fan club!' })
  await expect(thanks).toBeVisible()
  await expect(thanks).toBeFocused()
  await thanks.screenshot({ path: 'test-results/forms-fan-club-thanks.png' })

  await fanClub.expectReplayRefused(page, baseURL, request, { name: who.name, email: who.email })
})

test.describe(() => {
  test.use({ expectedConsole: /(?:status of 500)|(?:Insert into \w+ failed)/ })

  test('a failure toasts and keeps the typed values', async ({ page }) => {
    const who = member()
    await openFanClub(page)
    await form(page).getByLabel('Name').fill(who.name)
    await form(page).getByLabel('Email').fill(who.email)
    await fanClub.failInserts(page)
    await form(page).getByRole('button', { name: 'Join the Fan Club' }).click()
    await expect(page.getByText('There was an error joining the fan club.')).toBeVisible()
    await expect(page.getByText('Error', { exact: true })).toBeVisible()
    await expect(form(page).getByLabel('Name')).toHaveValue(who.name)
    await expect(form(page).getByLabel('Email')).toHaveValue(who.email)
  })
})

test('empty, over-long and malformed values are refused in the form', async ({ page }) => {
  await openFanClub(page)
  let posts = 0
  page.on('request', (r) => {
    if (r.url().includes('/rest/v1/fan_club_signups')) posts += 1
  })
  await form(page).getByRole('button', { name: 'Join the Fan Club' }).click()
  await expect(form(page).getByLabel('Name')).toBeFocused()
  await expect(form(page).getByLabel('Name')).toHaveAccessibleDescription('Please enter your name.')
  await form(page).getByLabel('Name').fill('N'.repeat(101))
  await form(page).getByLabel('Email').fill('fan@example')
  await form(page).getByRole('button', { name: 'Join the Fan Club' }).click()
  await expect(form(page).getByLabel('Name')).toHaveAccessibleDescription(
    'Your name must be at most 100 characters.',
  )
  await expect(form(page).getByLabel('Email')).toHaveAccessibleDescription(
    'Please enter a valid email address, like name@example.com.',
  )
  await expectNoAxeViolations(page, 'the fan club form with errors')
  await page.setViewportSize({ width: 390, height: 844 })
  await form(page).screenshot({ path: 'test-results/forms-fan-club-errors-390.png' })
  expect(posts).toBe(0)
})

test('the database refuses bad values sent around the form', async ({ baseURL }) => {
  await fanClub.expectDatabaseRefuses(
    baseURL,
    { name: 'N'.repeat(101), email: `club-${uniqueTag()}@example.com` },
    { name: 'Fan', email: 'a b@c.d' },
  )
})
