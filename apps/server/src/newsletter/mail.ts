// The newsletter's mails: the double opt-in confirmation and one send's mail to one recipient,
// with its one-click unsubscribe (RFC 8058: List-Unsubscribe with an https link and
// List-Unsubscribe-Post: List-Unsubscribe=One-Click) and a Message-ID fixed by (send, recipient),
// so a mail sent again after a crash is the same message to the receiver, recognisable as such.
import nodemailer from 'nodemailer'
import type { SmtpConfig } from '../config.js'
import { escapeHtml } from '../http/escape-html.js'
import type { SignupList } from './tokens.js'

/** SMTP connections one process keeps open for newsletters (nodemailer's pool). */
export const SMTP_CONNECTIONS = 5

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  messageId?: string
  headers?: Record<string, string>
}

export interface NewsletterTransport {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export function createNewsletterTransport(smtp: SmtpConfig): NewsletterTransport {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user === undefined ? undefined : { user: smtp.user, pass: smtp.pass ?? '' },
  })
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, ...mail })
    },
    close: () => transport.close(),
  }
}

/** Whether the SMTP server refused for good (5xx): trying again would not help. */
export function permanentRefusal(e: unknown): boolean {
  const code = (e as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/** The refusal in words for the delivery row: the server's code and text, never an address. */
export function refusalText(e: unknown): string {
  const code = (e as { responseCode?: unknown }).responseCode
  const text = e instanceof Error ? e.message : String(e)
  const words = text.replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, '<address>').slice(0, 500)
  return (typeof code === 'number' && !words.startsWith(String(code)) ? `${code} ` : '') + words
}

const LIST_WORDS: Record<SignupList, { subject: string; what: string }> = {
  fan_club_signups: {
    subject: 'Confirm your Rent Due fan club sign-up',
    what: 'You (or someone with your address) asked to join the Rent Due fan club.',
  },
  merch_waitlist: {
    subject: 'Confirm your spot on the Rent Due merch list',
    what: 'You (or someone with your address) asked to hear about new Rent Due merch.',
  },
}

export function confirmationMail(list: SignupList, to: string, link: string): OutgoingMail {
  const w = LIST_WORDS[list]
  const action = 'Confirm your address'
  const ignore = 'If that was not you, ignore this message: without it you get no mail from us.'
  return {
    to,
    subject: w.subject,
    text: `${w.what}\n\n${action} by opening this link:\n\n${link}\n\n${ignore}\n`,
    html:
      `<p>${escapeHtml(w.what)}</p><p><a href="${escapeHtml(link)}">${action}</a></p>` +
      `<p>${escapeHtml(ignore)}</p>`,
  }
}

export interface NewsletterContent {
  sendId: string
  subject: string
  html: string
  text: string
}

/** The site's host name, for Message-IDs and the List-Id. */
function siteHost(siteUrl: string): string {
  return new URL(siteUrl).hostname || 'localhost'
}

/** Stable per (send, delivery): the same on every attempt. */
export function newsletterMessageId(siteUrl: string, sendId: string, deliveryId: string): string {
  return `<newsletter.${sendId}.${deliveryId}@${siteHost(siteUrl)}>`
}

export function newsletterMail(
  siteUrl: string,
  content: NewsletterContent,
  delivery: { id: string; address: string },
  unsubscribe: string,
): OutgoingMail {
  const footer = 'You get this because you signed up on the Rent Due fan site.'
  return {
    to: delivery.address,
    subject: content.subject,
    messageId: newsletterMessageId(siteUrl, content.sendId, delivery.id),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `Rent Due news <news.${siteHost(siteUrl)}>`,
    },
    text: `${content.text}\n\n--\n${footer}\nUnsubscribe: ${unsubscribe}\n`,
    html:
      `${content.html}<hr><p style="font-size:12px;color:#555">${escapeHtml(footer)} ` +
      `<a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
  }
}
