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
import { dbClient, rowsWhere, uniqueTag } from './support/forms-db'

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
  const posted = page.waitForRequest(
    (r) => r.url().includes('/rest/v1/fan_club_signups') && r.method() === 'POST',
  )
  await form(page).getByRole('button', { name: 'Join the Fan Club' }).dblclick()
  const request = await posted
  const thanks = page.getByRole('status').filter({ hasText: 'Thanks for joining the fan club!' })
  await expect(thanks).toBeVisible()
  await expect(thanks).toBeFocused()
  await thanks.screenshot({ path: 'test-results/forms-fan-club-thanks.png' })

  const headers = await request.allHeaders()
  const replay = await page.request.post(request.url(), {
    headers: {
      apikey: headers.apikey!,
      authorization: headers.authorization!,
      'content-type': 'application/json',
      prefer: headers.prefer ?? 'return=minimal',
    },
    data: request.postData()!,
  })
  expect(replay.status()).toBe(409)
  const rows = await rowsWhere(baseURL, 'fan_club_signups', 'email', who.email)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({ name: who.name, email: who.email })
})

test.describe(() => {
  test.use({ expectedConsole: /(?:status of 500)|(?:Insert into \w+ failed)/ })

  test('a failure toasts and keeps the typed values', async ({ page }) => {
    const who = member()
    await openFanClub(page)
    await form(page).getByLabel('Name').fill(who.name)
    await form(page).getByLabel('Email').fill(who.email)
    await page.route('**/rest/v1/fan_club_signups*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    )
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
  const anon = dbClient(baseURL, 'anon')
  const longName = await anon
    .from('fan_club_signups')
    .insert({ name: 'N'.repeat(101), email: `club-${uniqueTag()}@example.com` })
  expect(longName.status).toBe(400)
  expect(longName.error?.code).toBe('23514')
  const badEmail = await anon.from('fan_club_signups').insert({ name: 'Fan', email: 'a b@c.d' })
  expect(badEmail.status).toBe(400)
  expect(badEmail.error?.code).toBe('23514')
})
