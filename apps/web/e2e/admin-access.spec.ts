// Who may not use the admin console: an anonymous visitor gets the sign-in form, a signed-in
// non-admin the 'Not allowed' page, and with their own tokens the API refuses both (RLS and
// draw_giveaway()'s 42501). The site's first page downloads no admin code.
import { apiClient, newCredentials, signInAtAdmin } from './support/admin'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'
import { uniqueTag } from './support/forms-db'

test.describe(() => {
  // The wrong password's refusal: the browser logs the 400 of /auth/v1/token.
  test.use({ expectedConsole: /status of 400/ })

  test('an anonymous visitor sees the sign-in form, and the API refuses anon', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/admin/inbox/fan_club_signups')
    await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0)
    await expectNoAxeViolations(page, 'admin sign-in')

    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toHaveText('Enter your e-mail and password.')
    await signInAtAdmin(page, '/admin', newCredentials('nobody'))
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.')

    const anon = apiClient(baseURL, 'anon')
    const read = await anon.from('fan_club_signups').select('*')
    expect(read.status).toBe(401)
    expect(read.error?.code).toBe('42501')
    const draw = await anon.rpc('draw_giveaway')
    expect(draw.error?.code).toBe('42501')
    const draws = await anon.from('giveaway_draws').select('*')
    expect(draws.error?.code).toBe('42501')
  })
})

test('a signed-in non-admin sees Not allowed, and the API gives them nothing', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueTag()
  expect(
    (
      await apiClient(baseURL, 'anon')
        .from('fan_club_signups')
        .insert({ name: `Hidden ${tag}`, email: `hidden-${tag}@example.com` })
    ).error,
  ).toBeNull()
  const creds = newCredentials('tenant')
  const user = apiClient(baseURL, 'anon')
  const signUp = await user.auth.signUp(creds)
  expect(signUp.error).toBeNull()
  expect(signUp.data.session).not.toBeNull()

  await signInAtAdmin(page, '/admin', creds)
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible()
  await expect(
    page.getByText('This area is for the Rent Due team. Your account does not have access.'),
  ).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0)
  await expectNoAxeViolations(page, 'admin not allowed')

  const rows = await user
    .from('fan_club_signups')
    .select('*')
    .eq('email', `hidden-${tag}@example.com`)
  expect(rows.error).toBeNull()
  expect(rows.data).toEqual([])
  const candidates = await user.from('giveaway_candidates').select('*')
  expect(candidates.data).toEqual([])
  const draw = await user.rpc('draw_giveaway')
  expect(draw.error?.code).toBe('42501')
  expect(draw.status).toBe(403)

  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the home page downloads no admin code', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  await gotoPage(page, '/')
  await page.waitForLoadState('networkidle')
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((url) => /admin/i.test(url))).toEqual([])
})
