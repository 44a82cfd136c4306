// Pins and events as data, on the real server: a memo pinned in the console shows in the pinned
// notices of / and /news, and is gone from them once unpinned; the Q&A event moved and retitled in
// the console shows so on both pages, its card still opening the Q&A sign-up. Restored after.
import type { Page } from '@playwright/test'
import { apiClient, signInAtAdmin, adminWithTag } from './support/admin'
import {
  expect,
  expectNoAxeViolations,
  gotoPage,
  scrollToHomeSection,
  test,
} from './support/fixtures'

/** The notices pinned above the news: /news' Pinned section, Home's pins in Latest News. */
function pinned(page: Page, where: '/' | '/news') {
  return where === '/news'
    ? page.getByRole('region', { name: 'Pinned' })
    : page.locator('.home-news__pins')
}

/** Opens the page afresh: pages are cached for a minute, so a second visit reloads it. */
async function openBoard(page: Page, where: '/' | '/news', again = false) {
  await gotoPage(page, where)
  if (again) await page.reload()
  if (where === '/') await scrollToHomeSection(page, 'Latest News')
}

test('a memo pinned in the console shows above the news on / and /news; unpinned, it goes', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const { admin, tag } = adminWithTag()
  const headline = `Bertha pins a notice ${tag}`
  const service = apiClient(baseURL, 'service')
  const { error } = await service
    .from('news')
    .insert({ date: '2026-10-01', headline, summary: 'Rent is due on the first.' })
  expect(error).toBeNull()
  try {
    await signInAtAdmin(page, '/admin/news', admin)
    await page.getByRole('button', { name: `Pin “${headline}”` }).click()
    await expect(page.getByRole('button', { name: `Unpin “${headline}”` })).toBeVisible()
    expect((await service.from('news').select('pinned').eq('headline', headline)).data).toEqual([
      { pinned: true },
    ])

    const site = await page.context().newPage()
    for (const where of ['/news', '/'] as const) {
      await openBoard(site, where)
      const memo = pinned(site, where).getByRole('article', { name: headline })
      await expect(memo).toContainText('Pinned memo')
      await expect(memo).toContainText('October 1, 2026')
    }
    await expectNoAxeViolations(site, '/ with a pinned memo')

    await page.getByRole('button', { name: `Unpin “${headline}”` }).click()
    await expect(page.getByRole('button', { name: `Pin “${headline}”` })).toBeVisible()
    for (const where of ['/news', '/'] as const) {
      await openBoard(site, where, true)
      await expect(
        pinned(site, where).getByRole('heading', { name: 'Join the Team' }),
      ).toBeVisible()
      await expect(pinned(site, where).getByRole('article', { name: headline })).toHaveCount(0)
    }
  } finally {
    await service.from('news').delete().eq('headline', headline)
  }
})

test('the Q&A event edited in the console shows so on / and /news, still opening its sign-up', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const { admin, tag } = adminWithTag()
  const title = `Meet the Cast, Again ${tag}`
  const service = apiClient(baseURL, 'service')
  const { data: original } = await service
    .from('events')
    .select('id, title, starts_at, time_zone')
    .eq('title', 'Meet the Cast: Virtual Q&A')
    .single()
  expect(original).toMatchObject({
    starts_at: '2025-09-06T23:00:00+00:00',
    time_zone: 'America/New_York',
  })
  try {
    await signInAtAdmin(page, '/admin/events', admin)
    await expect(page.getByRole('heading', { name: 'Events', level: 2 })).toBeVisible()
    const item = page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({
      hasText: 'Meet the Cast: Virtual Q&A',
    })
    // The start as the organisers set it: 7 pm in New York.
    await expect(item).toContainText('Sat, Sep 6, 2025, 7:00 PM EDT')
    await page.getByRole('button', { name: 'Edit Meet the Cast: Virtual Q&A' }).click()
    const form = page.getByRole('form', { name: 'Edit event' })
    await expect(form.getByLabel('Day')).toHaveValue('2025-09-06')
    await expect(form.getByLabel(/^Time\W*$/)).toHaveValue('19:00')
    await expect(form.getByLabel('Time zone')).toHaveValue('America/New_York')
    await expectNoAxeViolations(page, 'admin events, editing')

    await form.getByLabel('Title').fill(title)
    await form.getByLabel('Day').fill('2026-12-12')
    await form.getByLabel(/^Time\W*$/).fill('20:30')
    await form.getByLabel('Time zone').selectOption('Europe/London')
    // The site's own card previews it.
    const preview = page.getByRole('article', { name: 'Preview of the event' })
    await expect(preview.locator('time')).toHaveText('12/12/2026')
    await expect(preview).toContainText(title)
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Saved', { exact: true })).toBeVisible()
    const { data: stored } = await service
      .from('events')
      .select('title, starts_at, time_zone')
      .eq('id', original!.id)
      .single()
    expect(stored).toEqual({
      title,
      starts_at: '2026-12-12T20:30:00+00:00',
      time_zone: 'Europe/London',
    })

    const site = await page.context().newPage()
    for (const where of ['/news', '/'] as const) {
      await openBoard(site, where)
      const card = pinned(site, where).getByRole('article', { name: title })
      await expect(card.locator('time').first()).toHaveText('12/12/2026')
      await expect(card).toContainText('Online: the link comes by e-mail')
      await expect(
        pinned(site, where).getByRole('heading', { name: 'Meet the Cast: Virtual Q&A' }),
      ).toHaveCount(0)
    }
    // Still the Q&A's sign-up behind its button.
    await pinned(site, '/')
      .getByRole('article', { name: title })
      .getByRole('button', { name: 'Save my seat' })
      .click()
    await expect(site.getByRole('dialog', { name: 'Virtual Meet the Cast Q&A' })).toBeVisible()
  } finally {
    await service
      .from('events')
      .update({
        title: original!.title,
        starts_at: original!.starts_at,
        time_zone: original!.time_zone,
      })
      .eq('id', original!.id)
  }
})
