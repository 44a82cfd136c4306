// axe-core (WCAG 2.0/2.1/2.2 A and AA) on every route and on each open dialog. Reduced motion
// so that entry animations and the neon flicker do not catch axe mid-fade.
import {
  expect,
  expectNoAxeViolations,
  footerDialogs,
  gotoPage,
  subPages,
  test,
} from './support/fixtures'

test.use({ contextOptions: { reducedMotion: 'reduce' } })

// An episode's own page too (the first and the last: one without a previous, one without a next).
const episodePages = ['/episodes/pilot-rent-due', '/episodes/roof-access-fee']

for (const path of ['/', ...subPages.map((p) => p.path), ...episodePages, '/this/was/evicted']) {
  test.describe(() => {
    // The EVICTED page's HTML is a real 404, which the browser logs.
    test.use({ expectedConsole: path === '/this/was/evicted' ? /status of 404/ : undefined })

    test(`no axe violations on ${path}`, async ({ page }) => {
      await gotoPage(page, path)
      await expectNoAxeViolations(page, path)
    })
  })
}

test.describe('before the age check', () => {
  test.use({ verified: false })

  test('no axe violations with the age gate open', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('dialog', { name: 'Who’s there?' })).toBeVisible()
    await expectNoAxeViolations(page, 'the age gate')
  })
})

test('no axe violations in the footer dialogs', async ({ page }) => {
  await gotoPage(page, '/')
  for (const { trigger, title } of footerDialogs) {
    await page.getByRole('contentinfo').getByRole('button', { name: trigger, exact: true }).click()
    await expect(page.getByRole('dialog', { name: title })).toBeVisible()
    await expectNoAxeViolations(page, `the ${title} dialog`)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
})

test('no axe violations in the character dialogs', async ({ page }) => {
  await gotoPage(page, '/')
  for (const name of ['Bertha Briggs', 'Dez', 'Rosie', 'Tubbs']) {
    await page.getByRole('button', { name: new RegExp(`^${name},`) }).click()
    await expect(page.getByRole('dialog', { name })).toBeVisible()
    await expectNoAxeViolations(page, `the ${name} dialog`)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('no axe violations in the games sheet and the nav menu', async ({ page }) => {
    await gotoPage(page, '/')
    await page.getByRole('button', { name: 'Play Games' }).click()
    await expect(page.getByRole('dialog', { name: 'Play Games' })).toBeVisible()
    await expectNoAxeViolations(page, 'the Play Games sheet')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByRole('list', { name: 'Menu' })).toBeVisible()
    await expectNoAxeViolations(page, 'the nav menu')
  })
})
