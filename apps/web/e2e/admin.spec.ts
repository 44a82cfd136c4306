// The admin console on the real server: an admin made with the CLI signs in, sees the counts and
// a row a visitor just sent, searches, pages past 1,000 rows, exports the view as CSV (all rows,
// formula cells escaped), and draws this month's giveaway winner, recorded in giveaway_draws.
import fs from 'node:fs/promises'
import { createAdmin, apiClient, signInAtAdmin } from './support/admin'
import { expect, expectNoAxeViolations, test } from './support/fixtures'
import { uniqueTag } from './support/forms-db'

test('sign in, dashboard, a visitor’s row in the inbox, search', async ({ page, baseURL }) => {
  const admin = createAdmin()
  const tag = uniqueTag()
  const fan = { name: `Inbox Fan ${tag}`, email: `inbox-${tag}@example.com` }
  const sent = await apiClient(baseURL, 'anon').from('fan_club_signups').insert(fan)
  expect(sent.error).toBeNull()

  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible()
  const robots = page.locator('meta[name="robots"]')
  expect(await robots.evaluateAll((ms) => ms.map((m) => m.getAttribute('content')))).toEqual([
    'noindex',
  ])
  await signInAtAdmin(page, '/admin', admin)

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText(admin.email)).toBeVisible()
  const { count } = await apiClient(baseURL, 'service')
    .from('fan_club_signups')
    .select('*', { count: 'exact', head: true })
  const fanRow = page.locator('tr[data-table="fan_club_signups"]')
  await expect(fanRow.getByRole('cell').nth(2)).toHaveText(String(count))
  expect(count).toBeGreaterThanOrEqual(1)
  await expectNoAxeViolations(page, 'admin dashboard')

  await fanRow.getByRole('link', { name: 'Fan club' }).click()
  await expect(page.getByRole('heading', { name: 'Inbox: Fan club' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: fan.email })).toHaveCount(1)
  await expectNoAxeViolations(page, 'admin inbox')

  await page.getByLabel('Search name or email').fill(`fan ${tag}`)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/\/admin\/inbox\/fan_club_signups\?q=fan(\+|%20)/)
  await expect(page.getByText('1 row', { exact: true })).toBeVisible()
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expect(page.locator('tbody tr')).toContainText(fan.name)

  // LIKE wildcards are literal: '%' matches no row here.
  await page.getByLabel('Search name or email').fill(`${tag}%`)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('No rows match this view.')).toBeVisible()
})

test('pages past 1,000 rows on the server and exports them all as CSV', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const admin = createAdmin()
  const tag = uniqueTag()
  const rows = Array.from({ length: 1050 }, (_, i) => ({
    name: `Pager ${tag} ${String(i).padStart(4, '0')}`,
    email: `pager-${tag}-${i}@example.com`,
    comment: i === 7 ? '=cmd' : `Message, "number" ${i}`,
  }))
  // In slices: the API takes at most 64 KB per request body.
  const service = apiClient(baseURL, 'service')
  for (let i = 0; i < rows.length; i += 250) {
    const inserted = await service.from('contact_submissions').insert(rows.slice(i, i + 250))
    expect(inserted.error).toBeNull()
  }

  await signInAtAdmin(page, `/admin/inbox/contact_submissions?q=Pager+${tag}`, admin)
  await expect(page.getByRole('heading', { name: 'Inbox: Contact messages' })).toBeVisible()
  await expect(page.getByText('1050 rows', { exact: true })).toBeVisible()
  // Newest first: later slices are newer, and within one insert (one created_at) the higher id.
  const firstCells = page.locator('tbody tr td.admin-table__name')
  await expect(firstCells.first()).toHaveText(`Pager ${tag} 1049`)
  await expect(page.getByText('Page 1 of 21')).toBeVisible()

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText('Page 2 of 21')).toBeVisible()
  await expect(firstCells.first()).toHaveText(`Pager ${tag} 0999`)
  await expect(firstCells).toHaveCount(50)

  // Page 21 starts at offset 1,000: past the API's 1,000-row cap for one response.
  await page.goto(`/admin/inbox/contact_submissions?q=Pager+${tag}&page=21`)
  await expect(page.getByText('Page 21 of 21')).toBeVisible()
  await expect(firstCells.first()).toHaveText(`Pager ${tag} 0049`)
  await expect(firstCells.last()).toHaveText(`Pager ${tag} 0000`)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(
    /^rent-due-contact_submissions-\d{4}-\d{2}-\d{2}\.csv$/,
  )
  const csv = await fs.readFile(await download.path(), 'utf8')
  expect(csv.startsWith('\uFEFFcreated_at,name,email,comment\r\n')).toBe(true)
  const lines = csv.slice(1).split('\r\n')
  expect(lines.at(-1)).toBe('')
  expect(lines).toHaveLength(1 + 1050 + 1)
  expect(lines[1]).toContain(
    `,Pager ${tag} 1049,pager-${tag}-1049@example.com,"Message, ""number"" 1049"`,
  )
  expect(lines.filter((l) => l.includes(`,Pager ${tag} 0007,`))).toEqual([
    expect.stringMatching(new RegExp(`,pager-${tag}-7@example.com,'=cmd$`)),
  ])
  expect(lines.some((l) => l.endsWith(',=cmd'))).toBe(false)
})

test('the giveaway: one candidate per e-mail, a draw in the database, recorded', async ({
  page,
  baseURL,
}) => {
  const admin = createAdmin()
  const tag = uniqueTag()
  const service = apiClient(baseURL, 'service')
  const entries = [
    { name: `Perfect ${tag}`, email: `perfect-${tag}@example.com`, score: 10 },
    { name: `Perfect Again ${tag}`, email: `PERFECT-${tag}@Example.com`, score: 10 },
    { name: `Nine ${tag}`, email: `nine-${tag}@example.com`, score: 9 },
  ]
  for (const entry of entries) {
    expect((await service.from('quiz_entries').insert(entry)).error).toBeNull()
  }

  await signInAtAdmin(page, '/admin/giveaway', admin)
  await expect(page.getByRole('heading', { name: 'Giveaway' })).toBeVisible()
  const candidates = page.getByRole('region', { name: 'Candidates' })
  await expect(candidates.getByRole('row').filter({ hasText: tag })).toHaveCount(1)
  await expect(candidates.getByRole('row').filter({ hasText: tag })).toContainText(`Perfect ${tag}`)
  await expect(page.getByText('No draws yet.')).toBeVisible()
  await expectNoAxeViolations(page, 'admin giveaway')

  await page.getByRole('button', { name: 'Draw a winner' }).click()
  const winner = page.locator('.admin-winner')
  await expect(winner).toContainText('Winner')
  const { data: draws, error } = await service
    .from('giveaway_draws')
    .select('winner_name, winner_email, drawn_by_email, quiz_entry_id')
  expect(error).toBeNull()
  expect(draws).toHaveLength(1)
  const draw = draws![0]!
  expect(draw.drawn_by_email).toBe(admin.email)
  await expect(winner).toContainText(`${draw.winner_name} (${draw.winner_email})`)
  const past = page.getByRole('region', { name: 'Past draws' })
  await expect(past.getByRole('row').filter({ hasText: draw.winner_email })).toHaveCount(1)
  await expect(past).toContainText(admin.email)
  await expectNoAxeViolations(page, 'admin giveaway after a draw')
})

test('every admin view passes axe, the sub-pages included', async ({ page }) => {
  const admin = createAdmin()
  await signInAtAdmin(page, '/admin', admin)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  for (const table of ['team_applications', 'quiz_entries', 'merch_waitlist']) {
    await page.goto(`/admin/inbox/${table}`)
    await expect(page.getByRole('heading', { name: /^Inbox: / })).toBeVisible()
    await expect(page.getByText(/^\d+ rows?$/)).toBeVisible()
    await expectNoAxeViolations(page, `admin inbox ${table}`)
  }
  for (const label of ['News', 'Media', 'Episodes']) {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label }).click()
    await expect(page.getByRole('heading', { name: label, level: 2 })).toBeVisible()
  }
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible()
})
