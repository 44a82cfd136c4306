// The footer: its links, and its five dialogs — each opens, traps focus, closes with Escape and
// returns focus to its trigger.
import { expect, footerDialogs, gotoPage, test } from './support/fixtures'

test('footer links go to Cast and Creators', async ({ page }) => {
  await gotoPage(page, '/')
  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText('Rent Due')
  await expect(footer).toContainText('Three roommates. One landlady. Zero rent money.')
  await footer.getByRole('link', { name: 'Cast' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cast')
  await footer.getByRole('link', { name: 'Creators' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Creators')
})

for (const { trigger, title } of footerDialogs) {
  test(`the ${trigger} dialog traps focus, closes with Escape and returns focus`, async ({
    page,
  }) => {
    await gotoPage(page, '/')
    const button = page.getByRole('contentinfo').getByRole('button', { name: trigger, exact: true })
    await button.click()
    const dialog = page.getByRole('dialog', { name: title })
    await expect(dialog).toBeVisible()
    await expect(dialog.locator(':focus')).toHaveCount(1)

    // More Tabs (and Shift+Tabs) than the dialog has stops: focus must stay inside.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key)
      await expect(dialog.locator(':focus')).toHaveCount(1)
    }

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()
  })
}

test('the legal dialogs say what the spec requires', async ({ page }) => {
  await gotoPage(page, '/')
  const footer = page.getByRole('contentinfo')
  const expectations: [string, string, RegExp[]][] = [
    ['Privacy', 'Privacy Policy', [/Last updated: /, /localStorage|local storage/, /ageVerified/]],
    ['Terms', 'Terms of Use', [/Last updated: /]],
    ['Contact', 'Contact Us', [/contact form/i]],
    ['Copyright', 'Copyright', [/© 2024/]],
    [
      'Series Disclaimer',
      'Series Disclaimer',
      [/mature audiences/, /17\+/, /Rated MA/, /fictional/, /Viewer discretion/],
    ],
  ]
  for (const [trigger, title, texts] of expectations) {
    await footer.getByRole('button', { name: trigger, exact: true }).click()
    const dialog = page.getByRole('dialog', { name: title })
    for (const text of texts) await expect(dialog).toContainText(text)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
  }
})
