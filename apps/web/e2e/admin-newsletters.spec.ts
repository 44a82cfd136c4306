// Newsletters from the console, on a server of their own that mails to a local SMTP sink
// (playwright.config.ts starts both; apps/server/test/support/mail-sink-main.ts): two fans
// confirm their fan-club sign-up from the mail, a third does not; the team writes a newsletter in
// Markdown and sees its preview, mails a test to the admin's own address, sends it to the fan club
// and watches each recipient reach "sent"; another draft is scheduled at a time in the team
// member's zone and cancelled. A fan leaves from the mail's unsubscribe link in a browser without
// JavaScript. axe on the view and its dialog.
import { execFileSync } from 'node:child_process'
import type { Browser } from '@playwright/test'
import { createAdmin, signInAtAdmin } from './support/admin'
import { expect, expectNoAxeViolations, test } from './support/fixtures'
import { uniqueTag } from './support/forms-db'

const serverUrl = process.env.E2E_NEWSLETTER_URL as string
const sinkUrl = process.env.E2E_MAIL_SINK_URL as string
const dataDir = process.env.E2E_NEWSLETTER_DATA_DIR as string

test.use({ baseURL: serverUrl, timezoneId: 'Europe/Berlin' })

type Mail = { to: string; raw: string }

/** A sunk mail's body as text: quoted-printable soft breaks joined and `=3D` decoded. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

async function mails(): Promise<Mail[]> {
  const res = await fetch(`${sinkUrl}/mails`)
  return (await res.json()) as Mail[]
}

/** The one mail to `to` whose subject starts with `subject`, once the sink has it. */
async function mailTo(to: string, subject: string): Promise<Mail> {
  const matches = (m: Mail) =>
    m.to === to && new RegExp(`^Subject: ${subject.replace(/[[\]]/g, '\\$&')}`, 'm').test(m.raw)
  await expect.poll(async () => (await mails()).filter(matches).length, { timeout: 20_000 }).toBe(1)
  return (await mails()).find(matches) as Mail
}

function anonKey(): string {
  const out = execFileSync(process.execPath, ['apps/server/dist/keys-cli.js'], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })
  return (out.split('\n').find((l) => l.startsWith('SUPABASE_ANON_KEY=')) ?? '').slice(
    'SUPABASE_ANON_KEY='.length,
  )
}

/** A fan-club sign-up through the API, confirmed from its mail when `confirm`. */
async function fanSignsUp(email: string, confirm: boolean): Promise<void> {
  const key = anonKey()
  const res = await fetch(`${serverUrl}/rest/v1/fan_club_signups`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Tenant', email }),
  })
  expect(res.status).toBe(201)
  const mail = await mailTo(email, 'Confirm your Rent Due fan club sign-up')
  const link = new RegExp(`${serverUrl}/newsletter/confirm\\?[^\\s"<>]+`).exec(decoded(mail.raw))
  expect(link).not.toBeNull()
  if (!confirm) return
  const done = await fetch(link?.[0] as string, {
    method: 'POST',
    body: new URLSearchParams({ confirm: 'yes' }),
  })
  expect(await done.text()).toContain('You’re confirmed')
}

/** In a browser without JavaScript: the unsubscribe page from the mail's link, and its button. */
async function unsubscribeWithoutJs(browser: Browser, link: string): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Unsubscribe?', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page.getByRole('heading', { name: 'You’re unsubscribed', level: 1 })).toBeVisible()
    await expect(
      page.getByText('You will get no more Rent Due newsletters at this address.'),
    ).toBeVisible()
  } finally {
    await context.close()
  }
}

test('the team writes, previews, tests, sends and watches a newsletter; a fan leaves without JavaScript', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const tag = uniqueTag()
  const fans = [`ada-${tag}@example.com`, `bo-${tag}@example.com`]
  const late = `late-${tag}@example.com`
  for (const fan of fans) await fanSignsUp(fan, true)
  await fanSignsUp(late, false)
  const admin = createAdmin(dataDir)
  const subject = `Rent is due ${tag}`

  await signInAtAdmin(page, '/admin/newsletters', admin)
  await expect(page.getByRole('heading', { name: 'Newsletters', level: 2 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Newsletters' })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // Compose, with the preview drawn as the fans will get it (tags typed are shown, not run).
  const form = page.getByRole('form', { name: 'Write a newsletter' })
  await form.getByLabel('Subject').fill(subject)
  await form
    .getByLabel('Newsletter (Markdown)')
    .fill('# The finale\n\nThe **last** episode airs Friday. <b>No tags</b>\n\n- Rent\n- Due')
  await form.getByLabel('Fan club: every confirmed fan-club member').check()
  await form.getByLabel('Mails a minute').fill('0')
  await form.getByRole('button', { name: 'Save draft' }).click()
  await expect(form.getByLabel('Mails a minute')).toHaveAccessibleDescription(
    'The throttle: from 1 to 1,000,000 mails a minute, across every server. At least 1 mail a minute.',
  )
  await form.getByLabel('Mails a minute').fill('600')
  const preview = page.getByRole('article', { name: 'Preview of the newsletter' })
  await expect(preview.getByRole('heading', { name: 'The finale', level: 1 })).toBeVisible()
  await expect(preview.locator('strong')).toHaveText('last')
  await expect(preview).toContainText('<b>No tags</b>')
  await expect(preview.getByRole('listitem')).toHaveText(['Rent', 'Due'])
  await expect(preview).toContainText(`Subject: ${subject}`)
  await expectNoAxeViolations(page, 'admin newsletters')

  await form.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText('Draft saved', { exact: true })).toBeVisible()
  const list = page.getByRole('list', { name: 'Newsletters' })
  const row = list.getByRole('listitem').filter({ hasText: subject })
  await expect(row).toContainText('Draft')
  await expect(row).toContainText('To the fan club · 600 a minute')

  // A test to the admin's own address, as the fans will see it.
  await page.getByRole('button', { name: `Send a test of “${subject}” to me` }).click()
  await expect(page.getByText(`To ${admin.email.toLowerCase()}`)).toBeVisible()
  const testMail = decoded((await mailTo(admin.email.toLowerCase(), `[Test] ${subject}`)).raw)
  expect(testMail).toContain('<h1>The finale</h1>')
  expect(testMail).toContain('&lt;b&gt;No tags&lt;/b&gt;')
  expect((await mails()).filter((m) => fans.includes(m.to) && m.raw.includes(subject))).toEqual([])

  // Send it now to the fan club, and watch every confirmed member reach "sent".
  await page.getByRole('button', { name: `Send “${subject}”` }).click()
  const dialog = page.getByRole('dialog', { name: 'Send this newsletter?' })
  await expect(dialog).toContainText(`“${subject}” goes to the fan club: every confirmed address`)
  await expectNoAxeViolations(page, 'the send dialog')
  await dialog.getByRole('button', { name: 'Send now' }).click()
  const progress = page.getByRole('region', { name: `Progress of “${subject}”` })
  await expect(progress.getByRole('status')).toHaveText('Sent · 2 recipients', { timeout: 20_000 })
  const recipients = progress.getByRole('region', { name: 'Recipients' }).getByRole('row')
  await expect(recipients).toHaveText([
    'AddressStateSent',
    new RegExp(`^${fans[0]}sent\\w{3} \\d`),
    new RegExp(`^${fans[1]}sent\\w{3} \\d`),
  ])
  await expect(progress.getByRole('definition')).toHaveText(['0', '0', '2', '0', '0', '0'])
  await expect(row).toContainText('2 sent, 0 to go, 0 failed, 0 unsubscribed')
  await expectNoAxeViolations(page, 'a send’s progress')
  for (const fan of fans) await mailTo(fan, subject)
  expect((await mails()).filter((m) => m.to === late && m.raw.includes(subject))).toEqual([])

  // Another draft, scheduled for tomorrow morning on Berlin's clocks, then cancelled.
  const later = `Later ${tag}`
  await form.getByLabel('Subject').fill(later)
  await form.getByLabel('Newsletter (Markdown)').fill('Not yet.')
  await form.getByRole('button', { name: 'Save draft' }).click()
  await page.getByRole('button', { name: `Send “${later}”` }).click()
  await dialog.getByLabel('At a time').check()
  await expect(dialog).toContainText('Times are in your time zone: Europe/Berlin.')
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'Europe/Berlin',
  })
  const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'Europe/Berlin',
  })
  await dialog.getByLabel('Day').fill(yesterday)
  await dialog.getByLabel('Time (Europe/Berlin)').fill('09:30')
  await dialog.getByRole('button', { name: 'Schedule' }).click()
  await expect(dialog.getByLabel('Time (Europe/Berlin)')).toHaveAccessibleDescription(
    'That time has passed: choose a later one, or Now.',
  )
  await dialog.getByLabel('Day').fill(tomorrow)
  await dialog.getByRole('button', { name: 'Schedule' }).click()
  const laterProgress = page.getByRole('region', { name: `Progress of “${later}”` })
  await expect(laterProgress.getByRole('status')).toContainText(
    /^Scheduled for \w{3} \d{1,2}, \d{4}, 9:30 AM GMT\+\d$/,
  )
  await page.getByRole('button', { name: `Cancel “${later}”` }).click()
  await page
    .getByRole('dialog', { name: 'Cancel this send?' })
    .getByRole('button', { name: 'Cancel send' })
    .click()
  await expect(laterProgress.getByRole('status')).toHaveText('Cancelled')

  // A fan leaves from the mail's one-click link, without JavaScript.
  const fanMail = (await mailTo(fans[0] as string, subject)).raw.replace(/\r?\n[ \t]+/g, ' ')
  expect(fanMail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)
  const link = /^List-Unsubscribe: <([^>]+)>/m.exec(fanMail)?.[1] as string
  expect(link.startsWith(`${serverUrl}/newsletter/unsubscribe?d=`)).toBe(true)
  await unsubscribeWithoutJs(browser, link)
})
