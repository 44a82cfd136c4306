// The admin console's test helpers: the e2e server's keys and the admin CLI, both run against the
// e2e data directory (E2E_DATA_DIR, as playwright.config.ts gives the server), and signing in at
// /admin.
import { execFileSync } from 'node:child_process'
import { expect, type Page } from '@playwright/test'
import { apiClient, e2eDataDir } from './api-clients'
import { uniqueTag } from './forms-db'

export { apiClient, e2eDataDir }

export type Credentials = { email: string; password: string }

export function newCredentials(who: string): Credentials {
  return { email: `${who}-${uniqueTag()}@example.com`, password: 'the landlord always wins' }
}

/** `npm run admin -- create …` against the running e2e server's embedded database (or another). */
export function createAdmin(dataDir = e2eDataDir()): Credentials {
  const creds = newCredentials('admin')
  const out = execFileSync(
    process.execPath,
    [
      'apps/server/dist/admin-cli.js',
      'create',
      '--email',
      creds.email,
      '--password',
      creds.password,
    ],
    { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  )
  expect(out).toContain(`Created the admin ${creds.email}`)
  return creds
}

/** A new admin, and the tag that makes this test's rows its own (in names, emails, titles). */
export function adminWithTag(): { admin: Credentials; tag: string } {
  return { admin: createAdmin(), tag: uniqueTag() }
}

/** Opens /admin and signs in through the console's form. */
export async function signInAtAdmin(page: Page, path: string, creds: Credentials): Promise<void> {
  await page.goto(path)
  const form = page.getByRole('region', { name: 'Admin sign-in' })
  await form.getByLabel('Email').fill(creds.email)
  await form.getByLabel('Password').fill(creds.password)
  await form.getByRole('button', { name: 'Sign In' }).click()
}
