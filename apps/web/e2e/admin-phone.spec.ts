// The console on a phone (390 × 844, touch), on the real server: every page, the sign-in and all
// six inbox tables included, fits the screen with nothing scrolling sideways (the page or any box
// in it); its lists are cards whose actions sit in one Actions menu, which gives focus back when
// its dialog closes; and axe finds nothing, the open menu and its dialog included.
import { devices } from '@playwright/test'
import { apiClient, signInAtAdmin, adminWithTag } from './support/admin'
import { expect, expectNoAxeViolations, test } from './support/fixtures'

test.use({
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
})

const INBOX = [
  ['fan_club_signups', 'Fan club'],
  ['contact_submissions', 'Contact messages'],
  ['team_applications', 'Team applications'],
  ['audience_signups', 'Q&A signups'],
  ['quiz_entries', 'Quiz entries'],
  ['merch_waitlist', 'Merch waitlist'],
] as const

const PAGES = [
  ['/admin', 'Dashboard'],
  ...INBOX.map(([table, label]) => [`/admin/inbox/${table}`, `Inbox: ${label}`] as const),
  ['/admin/giveaway', 'Giveaway'],
  ['/admin/news', 'News'],
  ['/admin/events', 'Events'],
  ['/admin/media', 'Media'],
  ['/admin/media?bucket=Full+episodes', 'Media'],
  ['/admin/tracks', 'Track order'],
  ['/admin/episodes', 'Episodes'],
  ['/admin/newsletters', 'Newsletters'],
] as const

test('every console page fits 390 px without sideways scrolling and passes axe', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const { admin, tag } = adminWithTag()
  const service = apiClient(baseURL, 'service')
  // Something in every list, with the longest texts a form lets through on one line.
  const who = { name: `Phone ${tag}`, email: `phone-with-a-long-address-${tag}@example.com` }
  const long = `Rent is due on the first, and ${'the building '.repeat(20)}${tag}`
  const rows = {
    fan_club_signups: who,
    contact_submissions: { ...who, comment: long },
    team_applications: {
      ...who,
      role: 'licensing manager',
      instagram: `@a_very_long_instagram_handle_${tag}`,
      comments: long,
    },
    audience_signups: { ...who, username: `phone_user_${tag}` },
    quiz_entries: { ...who, score: 10 },
    merch_waitlist: { email: who.email },
  }
  for (const [table, row] of Object.entries(rows)) {
    expect([table, (await service.from(table).insert(row)).error]).toEqual([table, null])
  }
  // Neither the page nor any box in it (a table's wrapper, say) scrolls sideways.
  const fits = async (what: string) => {
    const sideways = await page.evaluate(() => {
      const found: string[] = []
      const root = document.documentElement
      if (root.scrollWidth > window.innerWidth) found.push(`the page (${root.scrollWidth} px)`)
      for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
        const { overflowX } = getComputedStyle(el)
        if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth) {
          found.push(`${el.tagName.toLowerCase()}.${el.className} (${el.scrollWidth} px)`)
        }
      }
      return found
    })
    expect([what, sideways]).toEqual([what, []])
  }
  await page.goto('/admin')
  await expect(page.getByRole('region', { name: 'Admin sign-in' })).toBeVisible()
  await fits('the sign-in')
  await expectNoAxeViolations(page, 'the admin sign-in at 390 px')
  await signInAtAdmin(page, '/admin', admin)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible()
  for (const [path, heading] of PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible()
    await fits(path)
    await expectNoAxeViolations(page, `${path} at 390 px`)
  }

  // A file's card: its actions are in one menu, which reaches the rename dialog.
  await page.goto('/admin/media?bucket=soundtrack+1st')
  const card = page.getByRole('row').filter({ hasText: 'Rent Day Shuffle.wav' })
  await expect(card.getByRole('button', { name: 'Rename Rent Day Shuffle.wav' })).toBeHidden()
  await card.getByRole('button', { name: 'Actions for Rent Day Shuffle.wav' }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem')).toHaveText(['Rename', 'Delete'])
  await expectNoAxeViolations(page, 'the actions menu at 390 px')
  await menu.getByRole('menuitem', { name: 'Rename' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rename file' })
  await expect(dialog.getByLabel('New name')).toHaveValue('Rent Day Shuffle.wav')
  await expectNoAxeViolations(page, 'the rename dialog at 390 px')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(card.getByRole('button', { name: 'Actions for Rent Day Shuffle.wav' })).toBeFocused()
})
