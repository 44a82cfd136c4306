// Accounts in the browser: a fresh fan, the sign-up through the header's dialog, and the signed-in
// header's account button and its menu (features/account).
import type { Page } from '@playwright/test'
import { expect } from './fixtures'
import { uniqueTag } from './forms-db'

export type Fan = { username: string; email: string; password: string }

export function newFan(): Fan {
  const tag = uniqueTag()
  return {
    username: `tenant_${tag}`,
    email: `tenant-${tag}@example.com`,
    password: 'rent-is-due-1',
  }
}

export const siteHeader = (page: Page) => page.getByRole('banner')

/** The toast's text after a sign-up the server signed in at once (no SMTP: no mail is sent). */
export const SIGNED_UP_SIGNED_IN = "You're signed in. Welcome to The Briggs Arms."

export async function openSignIn(page: Page) {
  await siteHeader(page).getByRole('button', { name: 'Sign In' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign In' })
  await expect(dialog.getByLabel('Email')).toBeVisible()
  return dialog
}

/** Fills and sends the Sign Up form; returns the dialog (closed on success). */
export async function signUpInBrowser(page: Page, who: Fan) {
  let dialog = await openSignIn(page)
  await dialog.getByRole('button', { name: 'Sign Up' }).click()
  dialog = page.getByRole('dialog', { name: 'Sign Up' })
  await dialog.getByLabel('Username').fill(who.username)
  await dialog.getByLabel('Email').fill(who.email)
  await dialog.getByLabel('Password').fill(who.password)
  await dialog.getByRole('button', { name: 'Create Account' }).click()
  return dialog
}

/** The signed-in header's one account button (its name says who is signed in). */
export function accountButton(page: Page, who: Pick<Fan, 'username'>) {
  return siteHeader(page).getByRole('button', { name: `Signed in as ${who.username}` })
}

/** Opens the account menu from its button and returns it. */
export async function openAccountMenu(page: Page, who: Pick<Fan, 'username'>) {
  const button = accountButton(page, who)
  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible()
  return menu
}

/** Signs out through the account menu and waits for the header's 'Sign In'. */
export async function signOutFromMenu(page: Page, who: Pick<Fan, 'username'>) {
  const menu = await openAccountMenu(page, who)
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(siteHeader(page).getByRole('button', { name: 'Sign In' })).toBeVisible()
}
