// The admin console on the real server: an admin made with the CLI signs in, sees the counts and
// a row a visitor just sent, searches, pages past 1,000 rows, exports the view as CSV (all rows,
// formula cells escaped), and runs this month's giveaway: an exclusion and a draw confirmed first,
// then a re-draw with its reason, all in the draw log.
import fs from 'node:fs/promises'
import { createAdmin, apiClient, signInAtAdmin, adminWithTag } from './support/admin'
import { expect, expectNoAxeViolations, test } from './support/fixtures'

test('sign in, dashboard, a visitor’s row in the inbox, search', async ({ page, baseURL }) => {
  const { admin, tag } = adminWithTag()
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
  const { admin, tag } = adminWithTag()
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

test('the giveaway: nothing is drawn unconfirmed; a draw and a re-draw are logged with their reasons', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const { admin, tag } = adminWithTag()
  const service = apiClient(baseURL, 'service')
  const entries: { name: string; email: string; score: number; ip_hash?: string }[] = [
    {
      name: `Perfect ${tag}`,
      email: `perfect-${tag}@example.com`,
      score: 10,
      ip_hash: `solo-${tag}`,
    },
    { name: `Perfect Again ${tag}`, email: `PERFECT-${tag}@Example.com`, score: 10 },
    { name: `Nine ${tag}`, email: `nine-${tag}@example.com`, score: 9 },
    // Two addresses from one connection (the same address hash).
    {
      name: `Flatmate A ${tag}`,
      email: `flat-a-${tag}@example.com`,
      score: 10,
      ip_hash: `hash-${tag}`,
    },
    {
      name: `Flatmate B ${tag}`,
      email: `flat-b-${tag}@example.com`,
      score: 10,
      ip_hash: `hash-${tag}`,
    },
  ]
  for (const entry of entries) {
    expect((await service.from('quiz_entries').insert(entry)).error).toBeNull()
  }
  const myDraws = async () => {
    const { data, error } = await service
      .from('giveaway_draws')
      .select('winner_email, reason, redraw_of')
      .eq('drawn_by_email', admin.email)
      .order('id')
    expect(error).toBeNull()
    return data!
  }

  await signInAtAdmin(page, '/admin/giveaway', admin)
  await expect(page.getByRole('heading', { name: 'Giveaway' })).toBeVisible()
  const candidates = page.getByRole('region', { name: 'Candidates' })
  await expect(candidates.getByRole('row').filter({ hasText: tag })).toHaveCount(3)
  await expect(candidates.getByRole('row').filter({ hasText: `Perfect ${tag}` })).toContainText(
    'Only entry from its connection',
  )
  // Entries that share a connection, in plain words, and what the team can do about it.
  const flatmate = candidates.getByRole('row').filter({ hasText: `Flatmate A ${tag}` })
  await expect(flatmate).toContainText(
    /Shares a connection with 1 other entry \(group [0-9a-f]{8}\)/,
  )
  await expect(page.getByText(/sent from the same internet connection this month/)).toBeVisible()
  await expectNoAxeViolations(page, 'admin giveaway')

  // Excluded with a reason, which the log keeps.
  await flatmate
    .getByRole('button', { name: `Exclude Flatmate A ${tag} (flat-a-${tag}@example.com)` })
    .click()
  const exclude = page.getByRole('dialog', { name: 'Exclude this entry?' })
  await exclude.getByRole('button', { name: 'Exclude' }).click()
  await expect(exclude.getByText('Say why; the reason goes into the draw log.')).toBeVisible()
  await exclude.getByLabel('Reason').fill(`Same flat as B, one entry a flat ${tag}`)
  await exclude.getByRole('button', { name: 'Exclude' }).click()
  await expect(exclude).toBeHidden()
  await expect(flatmate).toContainText(`Excluded: Same flat as B, one entry a flat ${tag}`)

  // Not confirmed: nothing drawn, nothing recorded.
  const drawButton = page.getByRole('button', { name: 'Draw a winner' })
  await drawButton.click()
  const confirm = page.getByRole('dialog', { name: /^Draw the .* winner\?$/ })
  await expect(confirm).toContainText('records the draw for good')
  await expectNoAxeViolations(page, 'admin giveaway draw dialog')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(drawButton).toBeFocused()
  expect(await myDraws()).toEqual([])

  // Confirmed: drawn in the database and logged with its note.
  await drawButton.click()
  await confirm.getByRole('button', { name: 'Draw now' }).click()
  await expect(confirm).toBeHidden()
  const winner = page.locator('.admin-winner')
  await expect(winner).toContainText('Winner')
  const [first] = await myDraws()
  expect(first).toMatchObject({
    reason: expect.stringMatching(/^Monthly draw for \w+ \d{4}$/),
    redraw_of: null,
  })
  await expect(winner).toContainText(first!.winner_email)
  const log = page.getByRole('region', { name: 'Draw log' })
  await expect(log.getByRole('row').filter({ hasText: first!.reason! })).toContainText('Draw')
  await expect(
    log.getByRole('row').filter({ hasText: 'Excluded' }).filter({ hasText: tag }),
  ).toHaveCount(1)

  // A re-draw asks why, and refuses to go on without a reason.
  await page.getByRole('button', { name: 'Draw again' }).click()
  const again = page.getByRole('dialog', { name: 'Draw again?' })
  await expect(again).toContainText('both draws stay in the log')
  await again.getByRole('button', { name: 'Draw now' }).click()
  await expect(again.getByText('Say why you draw again; it goes into the log.')).toBeVisible()
  expect(await myDraws()).toHaveLength(1)
  await again.getByLabel('Why draw again?').fill(`The winner did not answer ${tag}`)
  await again.getByRole('button', { name: 'Draw now' }).click()
  await expect(again).toBeHidden()
  const draws = await myDraws()
  expect(draws).toHaveLength(2)
  expect(draws[1]).toMatchObject({ reason: `The winner did not answer ${tag}` })
  expect(draws[1]!.winner_email).not.toBe(draws[0]!.winner_email)
  await expect(
    log.getByRole('row').filter({ hasText: `The winner did not answer ${tag}` }),
  ).toContainText('Re-draw')
  await expect(log.getByRole('row').filter({ hasText: first!.reason! }).first()).toContainText(
    admin.email,
  )
  await expectNoAxeViolations(page, 'admin giveaway after a re-draw')
})

test('every admin view passes axe, the sub-pages included', async ({ page }) => {
  // Nine views and three inbox tables, each checked by axe.
  test.setTimeout(90_000)
  const admin = createAdmin()
  await signInAtAdmin(page, '/admin', admin)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  for (const table of ['team_applications', 'quiz_entries', 'merch_waitlist']) {
    await page.goto(`/admin/inbox/${table}`)
    await expect(page.getByRole('heading', { name: /^Inbox: / })).toBeVisible()
    await expect(page.getByText(/^\d+ rows?$/)).toBeVisible()
    await expectNoAxeViolations(page, `admin inbox ${table}`)
  }
  for (const [label, heading] of [
    ['News', 'News'],
    ['Events', 'Events'],
    ['Media', 'Media'],
    ['Track order', 'Track order'],
    ['Episodes', 'Episodes'],
    ['Newsletters', 'Newsletters'],
  ] as const) {
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: label, exact: true })
      .click()
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible()
    await expectNoAxeViolations(page, `admin ${label}`)
  }
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible()
})
