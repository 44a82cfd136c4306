// The auth e-mails (confirm a sign-up, confirm a new address), sent through the SMTP server of
// SMTP_HOST/PORT/USER/PASS/FROM.
import nodemailer from 'nodemailer'
import type { SmtpConfig } from '../config.js'
import { escapeHtml } from '../http/escape-html.js'

export interface Mailer {
  sendConfirmation(to: string, link: string): Promise<void>
  sendEmailChange(to: string, link: string): Promise<void>
}

export function createMailer(smtp: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user === undefined ? undefined : { user: smtp.user, pass: smtp.pass ?? '' },
  })
  return {
    async sendConfirmation(to, link) {
      await transport.sendMail({
        from: smtp.from,
        to,
        subject: 'Confirm your Rent Due account',
        text:
          `Welcome to the Rent Due fan site!\n\nConfirm your e-mail address by opening this link ` +
          `(valid for 24 hours):\n\n${link}\n\nIf you did not sign up, ignore this message.\n`,
        html:
          `<p>Welcome to the Rent Due fan site!</p><p><a href="${escapeHtml(link)}">Confirm your ` +
          `e-mail address</a> (the link is valid for 24 hours).</p>` +
          `<p>If you did not sign up, ignore this message.</p>`,
      })
    },
    async sendEmailChange(to, link) {
      await transport.sendMail({
        from: smtp.from,
        to,
        subject: 'Confirm your new e-mail address for Rent Due',
        text:
          `Your Rent Due fan site account asked to use this e-mail address from now on.\n\n` +
          `Confirm it by opening this link (valid for 24 hours):\n\n${link}\n\n` +
          `If you did not ask for this, ignore this message: nothing changes without it.\n`,
        html:
          `<p>Your Rent Due fan site account asked to use this e-mail address from now on.</p>` +
          `<p><a href="${escapeHtml(link)}">Confirm your new e-mail address</a> (the link is ` +
          `valid for 24 hours).</p>` +
          `<p>If you did not ask for this, ignore this message: nothing changes without it.</p>`,
      })
    },
  }
}
