// Whether a session is an admin's: the access token's app_metadata.role, the very claim the
// database's RLS policies check. The browser only decides what to show; the database decides
// what anyone may read or do.
export function tokenClaims(accessToken: string): Record<string, unknown> {
  const part = accessToken.split('.')[1]
  if (!part) return {}
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/')
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
    const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)))
    const claims: unknown = JSON.parse(json)
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export function isAdminToken(accessToken: string): boolean {
  const meta = tokenClaims(accessToken).app_metadata
  return Boolean(meta && typeof meta === 'object' && (meta as { role?: unknown }).role === 'admin')
}
