// The signed links of the newsletter mails: "confirm this sign-up" and "unsubscribe this address".
// A link names what it acts on in the clear (a sign-up row, a delivery row) and carries an HMAC of
// that and of the address, with a key derived from the JWT secret, so every process signs and
// checks the same links and nobody can make one for an address they were not mailed. Nothing is
// stored for them. The signature travels as `token`, a query parameter the request log redacts.
import crypto from 'node:crypto'

export type SignupList = 'fan_club_signups' | 'merch_waitlist'

export const SIGNUP_LISTS: readonly SignupList[] = ['fan_club_signups', 'merch_waitlist']

export interface LinkSigner {
  confirmToken(list: SignupList, id: string, address: string): string
  unsubscribeToken(delivery: string, address: string): string
  /** Constant-time comparison of a token a visitor sent with the one expected. */
  matches(sent: string, expected: string): boolean
}

export function linkSigner(jwtSecret: Uint8Array | string): LinkSigner {
  const key = crypto.createHmac('sha256', jwtSecret).update('rent-due newsletter links').digest()
  const sign = (...parts: string[]) =>
    crypto.createHmac('sha256', key).update(parts.join('\n')).digest('base64url')
  return {
    confirmToken: (list, id, address) => sign('confirm', list, id, address.toLowerCase()),
    unsubscribeToken: (delivery, address) => sign('unsubscribe', delivery, address.toLowerCase()),
    matches(sent, expected) {
      const a = Buffer.from(sent)
      const b = Buffer.from(expected)
      return a.length === b.length && crypto.timingSafeEqual(a, b)
    },
  }
}

/** The confirmation link of a sign-up, on the site's own origin (SITE_URL, never a Host header). */
export function confirmUrl(siteUrl: string, list: SignupList, id: string, token: string): string {
  const url = new URL('/newsletter/confirm', siteUrl)
  url.search = new URLSearchParams({ list, id, token }).toString()
  return url.toString()
}

/** A recipient's unsubscribe link: the mail's List-Unsubscribe URL and its footer link. */
export function unsubscribeUrl(siteUrl: string, delivery: string, token: string): string {
  const url = new URL('/newsletter/unsubscribe', siteUrl)
  url.search = new URLSearchParams({ d: delivery, token }).toString()
  return url.toString()
}
