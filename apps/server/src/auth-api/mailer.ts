// The auth e-mails (confirm a sign-up, confirm a new address), sent through the SMTP server of
// SMTP_HOST/PORT/USER/PASS/FROM.
import nodemailer from 'nodemailer'
import type { SmtpConfig } from '../config.js'
import { escapeHtml } from '../http/escape-html.js'

export interface Mailer {
  sendConfirmation(to: string, link: string): Promise<void>
  sendEmailChange(to: string, link: string): Promise<void>
}

/** The words of one link mail: why it came, what the link does, what to do if unasked. */
interface LinkMail {
  subject: string
  intro: string
  action: string
  ignore: string
}

export function createMailer(smtp: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user === undefined ? undefined : { user: smtp.user, pass: smtp.pass ?? '' },
  })
  const sendLink = async (to: string, link: string, m: LinkMail) => {
    await transport.sendMail({
      from: smtp.from,
      to,
      subject: m.subject,
      text:
        `${m.intro}\n\n${m.action} by opening this link (valid for 24 hours):\n\n${link}\n\n` +
        `${m.ignore}\n`,
      html:
        `<p>${escapeHtml(m.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(m.action)}` +
        `</a> (the link is valid for 24 hours).</p><p>${escapeHtml(m.ignore)}</p>`,
    })
  }
  return {
    sendConfirmation: (to, link) =>
      sendLink(to, link, {
        subject: 'Confirm your Rent Due account',
        intro: 'Welcome to the Rent Due fan site!',
        action: 'Confirm your e-mail address',
        ignore: 'If you did not sign up, ignore this message.',
      }),
    sendEmailChange: (to, link) =>
      sendLink(to, link, {
        subject: 'Confirm your new e-mail address for Rent Due',
        intro: 'Your Rent Due fan site account asked to use this e-mail address from now on.',
        action: 'Confirm your new e-mail address',
        ignore: 'If you did not ask for this, ignore this message: nothing changes without it.',
      }),
  }
}
