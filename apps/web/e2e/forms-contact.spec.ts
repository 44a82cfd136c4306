// The footer's Contact form on the real server: the stored row (multi-line comment kept), the
// dialog closing and the form clearing on success, the failure toast that keeps the typed values,
// one row for a double click or a replay, and bad values refused in the form and by the database.
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, gotoPage, test } from './support/fixtures'
import { uniqueTag } from './support/forms-db'
import { signUpFormContract } from './support/sign-up-form-contract'

const contact = signUpFormContract('contact_submissions')

function writer() {
  const tag = uniqueTag()
  return {
    name: `Pen Pal ${tag}`,
    email: `contact-${tag}@example.com`,
    comment: `Dear Bertha,\nthe sink leaks again.\n(${tag})`,
  }
}

async function openDialog(page: Page) {
  await gotoPage(page, '/')
  const trigger = page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Contact', exact: true })
  await trigger.click()
  const dialog = page.getByRole('dialog', { name: 'Contact Us' })
  await expect(dialog.getByLabel('Name')).toBeVisible()
  return { dialog, trigger }
}

test('a message is stored once, the dialog closes and the form is clear again', async ({
  page,
  baseURL,
}) => {
  const who = writer()
  const { dialog, trigger } = await openDialog(page)
  await expectNoAxeViolations(page, 'the Contact dialog')
  const comment = dialog.getByLabel('Comment')
  expect(await comment.evaluate((el) => el.tagName)).toBe('TEXTAREA')
  expect((await comment.boundingBox())!.height).toBeGreaterThanOrEqual(100)
  await dialog.getByLabel('Name').fill(who.name)
  await dialog.getByLabel('Email').fill(who.email)
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email')
  await comment.fill(who.comment)
  await page.screenshot({ path: 'test-results/forms-contact-filled.png' })
  const posted = contact.insertSent(page)
  await dialog.getByRole('button', { name: 'Send Message' }).dblclick()
  const request = await posted
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()

  await contact.expectReplayRefused(page, baseURL, request, {
    name: who.name,
    email: who.email,
    comment: who.comment,
  })

  await trigger.click()
  await expect(dialog.getByLabel('Name')).toHaveValue('')
  await expect(dialog.getByLabel('Email')).toHaveValue('')
  await expect(dialog.getByLabel('Comment')).toHaveValue('')
})

test.describe(() => {
  test.use({ expectedConsole: /(?:status of 500)|(?:Insert into \w+ failed)/ })

  test('a failure toasts and keeps the typed values', async ({ page }) => {
    const who = writer()
    const { dialog } = await openDialog(page)
    await dialog.getByLabel('Name').fill(who.name)
    await dialog.getByLabel('Email').fill(who.email)
    await dialog.getByLabel('Comment').fill(who.comment)
    await contact.failInserts(page)
    const radio = page.locator('section.radio-bar')
    await expect(radio).toBeVisible()
    await dialog.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('There was an error sending your message.')).toBeVisible()
    // The toast rises above the radio bar (it slides in, so its resting place is awaited).
    const toast = page.locator('[data-sonner-toast]')
    await expect
      .poll(async () => {
        const [t, r] = [await toast.boundingBox(), await radio.boundingBox()]
        return t && r ? r.y - (t.y + t.height) : -1
      })
      .toBeGreaterThanOrEqual(0)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Name')).toHaveValue(who.name)
    await expect(dialog.getByLabel('Email')).toHaveValue(who.email)
    await expect(dialog.getByLabel('Comment')).toHaveValue(who.comment)
  })
})

test('empty, over-long and malformed values are refused in the form', async ({ page }) => {
  const { dialog } = await openDialog(page)
  await dialog.getByLabel('Name').fill('Fan')
  await dialog.getByLabel('Email').fill('fan@@example.com')
  await dialog.getByRole('button', { name: 'Send Message' }).click()
  await expect(dialog.getByLabel('Email')).toBeFocused()
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(
    'Please enter a valid email address, like name@example.com.',
  )
  await expect(dialog.getByLabel('Comment')).toHaveAccessibleDescription(
    'Please enter your message.',
  )
  await dialog.getByLabel('Comment').fill('x'.repeat(5001))
  await dialog.getByRole('button', { name: 'Send Message' }).click()
  await expect(dialog.getByLabel('Comment')).toHaveAccessibleDescription(
    'Your message must be at most 5000 characters.',
  )
  await expectNoAxeViolations(page, 'the Contact dialog with errors')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/forms-contact-errors-390.png' })
})

test('the database refuses bad values sent around the form', async ({ baseURL }) => {
  const email = `contact-${uniqueTag()}@example.com`
  await contact.expectDatabaseRefuses(
    baseURL,
    { name: 'Fan', email, comment: ' ' },
    { name: 'Fan', email, comment: 'x'.repeat(5001) },
  )
})
