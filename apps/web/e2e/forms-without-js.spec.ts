// The five sign-up forms in a browser without JavaScript (decision 300): each is a real form that
// posts to its page; the server's route action stores exactly one row and the page comes back
// with the spec's success text. A refused entry comes back with the spec's error text and the
// field's own message, what was typed kept; the same sign-up sent again stores nothing more. No
// request URL ever carries what was typed. A form posted from another site is refused.
import type { Browser, Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './support/fixtures'
import { rowsWhere, uniqueTag } from './support/forms-db'

interface FormCase {
  title: string
  path: string
  /** The form's accessible name. */
  form: string
  submit: string
  table: string
  /** The spec's success text, by its role: text inside <noscript> is not Playwright's text. */
  success(page: Page): Locator
  failure: string
  /** Fills everything but the e-mail address. */
  fill(form: Locator, tag: string): Promise<void>
  /** What the stored row holds besides the e-mail address. */
  row(tag: string): Record<string, unknown>
}

const CASES: FormCase[] = [
  {
    title: 'the fan club on Home',
    path: '/',
    form: 'Join the fan club',
    submit: 'Join the Fan Club',
    table: 'fan_club_signups',
    success: (page) => page.getByRole('heading', { name: 'Thanks for joining the fan club!' }),
    failure: 'There was an error joining the fan club.',
    fill: (form, tag) =>
      form.getByRole('textbox', { name: 'Name', exact: true }).fill(`No-JS Fan ${tag}`),
    row: (tag) => ({ name: `No-JS Fan ${tag}` }),
  },
  {
    title: 'the contact form in the footer',
    path: '/cast',
    form: 'Contact the team',
    submit: 'Send Message',
    table: 'contact_submissions',
    success: (page) => page.getByRole('heading', { name: 'Message sent!' }),
    failure: 'There was an error sending your message.',
    fill: async (form, tag) => {
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`No-JS Writer ${tag}`)
      await form.getByLabel('Comment').fill(`Hello from a browser without JavaScript.\n${tag}`)
    },
    row: (tag) => ({
      name: `No-JS Writer ${tag}`,
      comment: `Hello from a browser without JavaScript.\n${tag}`,
    }),
  },
  {
    title: 'the Q&A signup on News',
    path: '/news',
    form: 'Sign up for the Q&A',
    submit: 'Sign Up for Q&A',
    table: 'audience_signups',
    success: (page) => page.getByRole('heading', { name: "You're all set!" }),
    failure: 'Failed to submit your signup. Please try again.',
    fill: async (form, tag) => {
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`No-JS Guest ${tag}`)
      await form.getByLabel('Username').fill(`nojs_${tag}`)
    },
    row: (tag) => ({ name: `No-JS Guest ${tag}`, username: `nojs_${tag}` }),
  },
  {
    title: 'the team application on News',
    path: '/news',
    form: 'Apply to join the team',
    submit: 'Submit Application',
    table: 'team_applications',
    success: (page) => page.getByRole('status').filter({ hasText: 'Application Submitted!' }),
    failure: 'There was an error submitting your application. Please try again.',
    fill: async (form, tag) => {
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`No-JS Applicant ${tag}`)
      await form.getByLabel('Role').selectOption('writer')
    },
    row: (tag) => ({
      name: `No-JS Applicant ${tag}`,
      role: 'writer',
      instagram: null,
      comments: null,
    }),
  },
  {
    title: "the shop's Stay Updated",
    path: '/shop',
    form: 'Stay Updated',
    submit: 'Notify Me',
    table: 'merch_waitlist',
    success: (page) => page.getByRole('status').filter({ hasText: "You're on the merch list." }),
    failure: 'There was an error joining the waitlist. Please try again.',
    fill: async () => {},
    row: () => ({}),
  },
]

async function pageWithoutJs(browser: Browser): Promise<{ page: Page; urls: string[] }> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  })
  const page = await context.newPage()
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  return { page, urls }
}

/** Submits the form and waits for the page the server sends back. */
async function send(page: Page, form: Locator, submit: string, path: string) {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path,
  )
  await form.getByRole('button', { name: submit }).click()
  const response = await answer
  await page.waitForLoadState('load')
  return response
}

for (const c of CASES) {
  test(`without JavaScript, ${c.title} stores one row and says so; a refusal says why`, async ({
    browser,
    baseURL,
  }) => {
    const tag = uniqueTag()
    const email = `nojs-${tag}@example.com`
    const { page, urls } = await pageWithoutJs(browser)
    await page.goto(c.path)
    const form = page.getByRole('form', { name: c.form })

    // A malformed address: the page comes back with the spec's error text, the field's message
    // and what was typed.
    await c.fill(form, tag)
    await form.getByLabel('Email').fill('fan@example')
    const refused = await send(page, form, c.submit, c.path)
    expect(refused.status()).toBe(400)
    expect(refused.headers()['cache-control']).toBe('no-store')
    await expect(form.getByRole('alert')).toHaveText(c.failure)
    await expect(form.getByLabel('Email')).toHaveValue('fan@example')
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address, like name@example.com.',
    )
    expect(await rowsWhere(baseURL, c.table, 'email', 'fan@example')).toEqual([])

    // Corrected: stored once, and the page says so.
    await c.fill(form, tag)
    await form.getByLabel('Email').fill(email)
    const stored = await send(page, form, c.submit, c.path)
    expect(stored.status()).toBe(200)
    await expect(c.success(page)).toBeVisible()
    expect(await rowsWhere(baseURL, c.table, 'email', email)).toEqual([
      expect.objectContaining({ email, ...c.row(tag) }),
    ])

    // The same sign-up sent again (a second click, a reload that posts it again) is the same
    // submission: it shows the success text and stores nothing more.
    await page.goto(c.path)
    await c.fill(form, tag)
    await form.getByLabel('Email').fill(email)
    expect((await send(page, form, c.submit, c.path)).status()).toBe(200)
    await expect(c.success(page)).toBeVisible()
    expect(await rowsWhere(baseURL, c.table, 'email', email)).toHaveLength(1)

    expect(urls.filter((url) => url.includes('@') || url.includes('%40'))).toEqual([])
    await page.context().close()
  })
}

test('a form posted from another site is refused and stores nothing', async ({
  browser,
  baseURL,
}) => {
  const email = `cross-${uniqueTag()}@example.com`
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  // Another site's page with a copy of the fan-club form, posting to ours.
  await page.route('https://elsewhere.example/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        `<form method="post" action="${baseURL}/">` +
        '<input type="hidden" name="intent" value="fan-club">' +
        `<input type="hidden" name="name" value="Tricked Fan">` +
        `<input type="hidden" name="email" value="${email}">` +
        '<button>Win a prize</button></form>',
    }),
  )
  await page.goto('https://elsewhere.example/')
  const answer = page.waitForResponse((r) => r.request().method() === 'POST')
  await page.getByRole('button', { name: 'Win a prize' }).click()
  const refusal = await answer
  expect(refusal.status()).toBe(403)
  await expect(
    page.getByRole('heading', { name: 'This form came from another site' }),
  ).toBeVisible()
  // axe needs scripts: the same page, checked where they run.
  const scripted = await browser.newContext()
  const checked = await scripted.newPage()
  await checked.setContent(await refusal.text())
  await expectNoAxeViolations(checked, 'the page refusing a post from another site')
  await scripted.close()
  expect(await rowsWhere(baseURL, 'fan_club_signups', 'email', email)).toEqual([])
  await context.close()
})
