import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { decodeJwt } from 'jose'
import { afterAll, describe, expect, it } from 'vitest'
import { verifyToken } from './caller/jwt.js'
import { authenticatorPassword, deriveKeys, loadOrCreateSecrets } from './keys.js'

const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true })
})

describe('keys', () => {
  it('signs stable anon and service-role keys with fixed iat/exp', async () => {
    const secret = 'a-test-secret-that-is-long-enough-for-hs256'
    const a = await deriveKeys(secret)
    const b = await deriveKeys(secret)
    expect(b.anonKey).toBe(a.anonKey)
    expect(b.serviceRoleKey).toBe(a.serviceRoleKey)
    expect(decodeJwt(a.anonKey)).toEqual({
      iss: 'supabase',
      ref: 'rent-due',
      role: 'anon',
      iat: 1700000000,
      exp: 2015360000,
    })
    expect(decodeJwt(a.serviceRoleKey).role).toBe('service_role')
    expect((await verifyToken(a.serviceRoleKey, a.jwtSecret)).role).toBe('service_role')
    expect((await deriveKeys(secret + 'x')).anonKey).not.toBe(a.anonKey)
  })

  it('generates secrets.json once (mode 0600), even when two starts race', async () => {
    const dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-keys-')), 'data')
    dirs.push(path.dirname(dir))
    const [s1, s2, s3] = await Promise.all([1, 2, 3].map(() => loadOrCreateSecrets(dir)))
    expect(s2).toEqual(s1)
    expect(s3).toEqual(s1)
    expect(s1?.jwtSecret).toMatch(/^[A-Za-z0-9_-]{64}$/)
    expect(await loadOrCreateSecrets(dir)).toEqual(s1)
    expect((await fs.stat(path.join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600)
    expect(await fs.readdir(dir)).toEqual(['secrets.json'])
  })

  it('derives the authenticator password from the secret', () => {
    expect(authenticatorPassword('s1'.repeat(20))).toBe(authenticatorPassword('s1'.repeat(20)))
    expect(authenticatorPassword('s1'.repeat(20))).not.toBe(authenticatorPassword('s2'.repeat(20)))
  })
})
