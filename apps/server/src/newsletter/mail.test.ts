// The newsletter mail's headers (RFC 8058 one-click, a Message-ID fixed per send and recipient)
// and the words a refusal leaves in the database and the log: never an address.
import { describe, expect, it } from 'vitest'
import { newsletterMail, permanentRefusal, refusalText } from './mail.js'
import { confirmUrl, linkSigner, unsubscribeUrl } from './tokens.js'

describe('newsletterMail', () => {
  const content = { sendId: '7', subject: 'Rent is due', html: '<p>Hi</p>', text: 'Hi' }
  const mail = (delivery: string) =>
    newsletterMail(
      'https://rentdue.example',
      content,
      { id: delivery, address: 'fan@example.com' },
      'https://rentdue.example/newsletter/unsubscribe?d=42&token=t',
    )

  it('carries one-click unsubscribe and a Message-ID that is the same on every attempt', () => {
    const m = mail('42')
    expect(m.headers).toEqual({
      'List-Unsubscribe': '<https://rentdue.example/newsletter/unsubscribe?d=42&token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': 'Rent Due news <news.rentdue.example>',
    })
    expect(m.messageId).toBe('<newsletter.7.42@rentdue.example>')
    expect(mail('42').messageId).toBe(m.messageId)
    expect(mail('43').messageId).not.toBe(m.messageId)
    expect(m.text).toContain('Unsubscribe: https://rentdue.example/newsletter/unsubscribe?d=42')
  })
})

describe('refusals', () => {
  it('keeps the code and words of a refusal but no address', () => {
    const e = Object.assign(new Error('550 5.1.1 <fan@example.com>: Recipient address rejected'), {
      responseCode: 550,
    })
    expect(refusalText(e)).toBe('550 5.1.1 <address>: Recipient address rejected')
    expect(permanentRefusal(e)).toBe(true)
    expect(permanentRefusal(Object.assign(new Error('try later'), { responseCode: 451 }))).toBe(
      false,
    )
    expect(permanentRefusal(new Error('ECONNREFUSED'))).toBe(false)
  })
})

describe('signed links', () => {
  it('are built on the site URL and bound to what they act on and the address', () => {
    const signer = linkSigner('s'.repeat(32))
    const token = signer.unsubscribeToken('42', 'Fan@Example.com')
    expect(token).toBe(signer.unsubscribeToken('42', 'fan@example.com'))
    expect(signer.matches(token, signer.unsubscribeToken('43', 'fan@example.com'))).toBe(false)
    expect(
      signer.matches(token, linkSigner('t'.repeat(32)).unsubscribeToken('42', 'fan@example.com')),
    ).toBe(false)
    expect(signer.matches('short', token)).toBe(false)
    expect(unsubscribeUrl('https://rentdue.example', '42', token)).toBe(
      `https://rentdue.example/newsletter/unsubscribe?d=42&token=${token}`,
    )
    expect(confirmUrl('https://rentdue.example', 'merch_waitlist', '3', 'abc')).toBe(
      'https://rentdue.example/newsletter/confirm?list=merch_waitlist&id=3&token=abc',
    )
  })
})
