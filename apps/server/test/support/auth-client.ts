// What the auth test files share: fresh e-mail addresses and a raw /auth/v1 call for what
// supabase-js does not show (status, headers, the exact body).
import crypto from 'node:crypto'
import type { TestServer } from './test-server.js'

export function newEmail(prefix = 'fan'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`
}

/** A request to `<server>/auth/v1<path>` as auth-js sends it (anon key, versioned errors). */
export async function authFetch(
  server: Pick<TestServer, 'url' | 'keys'>,
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${server.url}/auth/v1${path}`, {
    ...init,
    headers: {
      apikey: server.keys.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...init.headers,
    },
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null }
}
