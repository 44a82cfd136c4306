import { describe, expect, it } from 'vitest'
import { isAdminToken, tokenClaims } from './admin-claims'

const token = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`

describe('isAdminToken', () => {
  it('is true only for app_metadata.role = admin', () => {
    expect(isAdminToken(token({ app_metadata: { role: 'admin' } }))).toBe(true)
    expect(isAdminToken(token({ app_metadata: { provider: 'email' } }))).toBe(false)
    expect(isAdminToken(token({ user_metadata: { role: 'admin' }, role: 'admin' }))).toBe(false)
    expect(isAdminToken('garbage')).toBe(false)
    expect(isAdminToken('a.%%%.b')).toBe(false)
  })

  it('decodes UTF-8 claims', () => {
    expect(tokenClaims(token({ email: 'zoë@example.com' })).email).toBe('zoë@example.com')
  })
})
