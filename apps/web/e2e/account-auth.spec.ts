// Accounts in the browser on the real server: sign up (username kept as user data), the header
// showing who is signed in, a reload keeping the session, sign-out, a wrong password, a taken
// address and a password the server finds too easy to guess with the server's messages, and the
// dialog pair switching via 'Sign Up' and 'Back to Sign In'.
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'
import {
  accountButton,
  newFan as account,
  openSignIn,
  SIGNED_UP_SIGNED_IN,
  signOutFromMenu,
  signUpInBrowser as signUp,
  siteHeader as header,
} from './support/account'

test('sign up, reload still signed in, sign out, sign in again', async ({ page }) => {
  // Two reloads, a menu and three auth calls on a busy CI machine: more than the default 30 s.
  test.setTimeout(60_000)
  const who = account()
  await gotoPage(page, '/')
  const signup = page.waitForRequest((r) => r.url().includes('/auth/v1/signup'))
  const dialog = await signUp(page, who)
  const request = await signup
  // No redirect of its own: the server's SITE_URL is where a mailed link leads, from any host.
  expect(new URL(request.url()).searchParams.has('redirect_to')).toBe(false)
  expect(request.postDataJSON()).toMatchObject({
    email: who.email,
    data: { username: who.username },
  })
  await expect(page.getByText('Account created successfully!')).toBeVisible()
  // This server sends no mail: the fan is signed in already, and the toast says so.
  await expect(page.getByText(SIGNED_UP_SIGNED_IN)).toBeVisible()
  await expect(page.getByText('Please check your email to verify your account.')).toHaveCount(0)
  await expect(dialog).toBeHidden()
  await expect(accountButton(page, who)).toBeVisible()

  await page.reload()
  await expect(accountButton(page, who)).toBeVisible()
  await page.screenshot({ path: 'test-results/account-signed-in.png' })

  await signOutFromMenu(page, who)
  await page.reload()
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible()

  const signIn = await openSignIn(page)
  await signIn.getByLabel('Email').fill(who.email)
  await signIn.getByLabel('Password').fill(who.password)
  await signIn.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Signed in successfully!')).toBeVisible()
  await expect(page.getByText('Welcome back.')).toBeVisible()
  await expect(signIn).toBeHidden()
  await expect(accountButton(page, who)).toBeVisible()
})

test('with SMTP (a confirmation mail, no session yet) the sign-up asks to check the e-mail', async ({
  page,
}) => {
  const who = account()
  // A server with SMTP answers a sign-up with the user waiting for its confirmation, no session.
  await page.route('**/auth/v1/signup*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        id: '00000000-0000-4000-8000-000000000001',
        aud: 'authenticated',
        role: 'authenticated',
        email: who.email,
        confirmation_sent_at: new Date().toISOString(),
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { username: who.username },
        identities: [],
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        is_anonymous: false,
      }),
    }),
  )
  await gotoPage(page, '/')
  const dialog = await signUp(page, who)
  await expect(page.getByText('Account created successfully!')).toBeVisible()
  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible()
  await expect(page.getByText(SIGNED_UP_SIGNED_IN)).toHaveCount(0)
  await expect(dialog).toBeHidden()
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible()
})

test.describe(() => {
  // The browser logs each refused call, and the site logs what auth answered.
  test.use({ expectedConsole: /(?:status of 4\d\d)|(?:^error: (sign (in|up)|auth call) failed)/i })

  test('a wrong password and a taken address show the server messages and keep the fields', async ({
    page,
  }) => {
    // A sign-up, a sign-out by the menu and two refused calls on a busy machine: more than 30 s.
    test.setTimeout(60_000)
    const who = account()
    await gotoPage(page, '/')
    await signUp(page, who)
    await expect(accountButton(page, who)).toBeVisible()
    await signOutFromMenu(page, who)

    const dialog = await openSignIn(page)
    await dialog.getByLabel('Email').fill(who.email)
    await dialog.getByLabel('Password').fill('not-the-password')
    await dialog.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Sign in failed')).toBeVisible()
    await expect(page.getByText('Invalid login credentials')).toBeVisible()
    await expect(dialog.getByLabel('Email')).toHaveValue(who.email)
    await expect(dialog.getByLabel('Password')).toHaveValue('not-the-password')

    await dialog.getByRole('button', { name: 'Sign Up' }).click()
    const up = page.getByRole('dialog', { name: 'Sign Up' })
    await up.getByLabel('Username').fill('someone_else')
    await up.getByLabel('Email').fill(who.email)
    await up.getByLabel('Password').fill(who.password)
    await up.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('Sign up failed')).toBeVisible()
    await expect(page.getByText('User already registered')).toBeVisible()
    await expect(up.getByLabel('Username')).toHaveValue('someone_else')

    await up.getByRole('button', { name: 'Back to Sign In' }).click()
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  })
})

test.describe(() => {
  // The browser logs each refused call, and the site logs what auth answered.
  test.use({ expectedConsole: /(?:status of 4\d\d)|(?:^error: (sign (in|up)|auth call) failed)/i })

  test('a password that is easy to guess is refused with the server reason; no account is made', async ({
    page,
  }) => {
    const who = { ...account(), password: '12345678' }
    await gotoPage(page, '/')
    const up = await signUp(page, who)
    await expect(page.getByText('Sign up failed')).toBeVisible()
    await expect(
      page.getByText(
        'Password is known to be weak and easy to guess, please choose a different one.',
      ),
    ).toBeVisible()
    await expect(up.getByLabel('Password')).toHaveValue('12345678')
    await page.screenshot({ path: 'test-results/account-weak-password.png' })

    // The same e-mail with a strong password then signs up.
    await up.getByLabel('Password').fill('tubbs ate the rent money')
    await up.getByRole('button', { name: 'Create Account' }).click()
    await expect(accountButton(page, who)).toBeVisible()
  })
})

test.describe(() => {
  test.use({ expectedConsole: /(?:status of 500)|(?:^error: (sign in|auth call) failed)/i })

  test('a server failure without a message uses the fallback texts', async ({ page }) => {
    await gotoPage(page, '/')
    await page.route('**/auth/v1/token*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    )
    const dialog = await openSignIn(page)
    await dialog.getByLabel('Email').fill('nobody@example.com')
    await dialog.getByLabel('Password').fill('whatever-it-is')
    await dialog.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Sign in failed')).toBeVisible()
    await expect(page.getByText('There was an error signing in.')).toBeVisible()
  })
})

test('both dialogs are accessible, with and without errors, and validate in the form', async ({
  page,
}) => {
  // Three axe runs of several seconds each on a busy CI machine: more than the default 30 s.
  test.setTimeout(60_000)
  await gotoPage(page, '/')
  const dialog = await openSignIn(page)
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email')
  await expectNoAxeViolations(page, 'the Sign In dialog')
  await dialog.getByRole('button', { name: 'Sign In' }).click()
  await expect(dialog.getByLabel('Email')).toBeFocused()
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(
    'Please enter your email address.',
  )
  await expect(dialog.getByLabel('Password')).toHaveAccessibleDescription(
    'Please enter your password.',
  )
  await expectNoAxeViolations(page, 'the Sign In dialog with errors')

  await dialog.getByRole('button', { name: 'Sign Up' }).click()
  const up = page.getByRole('dialog', { name: 'Sign Up' })
  await up.getByLabel('Username').fill('u'.repeat(51))
  await up.getByLabel('Email').fill('tenant@example')
  await up.getByLabel('Password').fill('short')
  await up.getByRole('button', { name: 'Create Account' }).click()
  await expect(up.getByLabel('Username')).toHaveAccessibleDescription(
    'Your username must be at most 50 characters.',
  )
  await expect(up.getByLabel('Password')).toHaveAccessibleDescription(
    '8 to 72 characters, hard to guess: a few uncommon words work well. Your password must be at least 8 characters.',
  )
  await expectNoAxeViolations(page, 'the Sign Up dialog with errors')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/account-signup-errors-390.png' })
})
