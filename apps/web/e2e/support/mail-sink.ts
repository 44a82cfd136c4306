// The browser tests' mail server: an SMTP sink on loopback (smtp-server) that keeps every mail it
// accepts, and a small HTTP side to read them (GET /mails: JSON, oldest first; GET /healthz).
// playwright.config.ts starts it (npx tsx) before the newsletter server that mails to it.
import http from 'node:http'
import { SMTPServer } from 'smtp-server'

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 3125)
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 3126)

export type SunkMail = { to: string; raw: string }

const mails: SunkMail[] = []

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      mails.push({
        to: session.envelope.rcptTo[0]?.address ?? '',
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      callback()
    })
  },
})
smtp.listen(smtpPort, '127.0.0.1')

http
  .createServer((req, res) => {
    if (req.url === '/mails') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails))
    } else if (req.url === '/healthz') {
      res.writeHead(200).end('ok')
    } else {
      res.writeHead(404).end()
    }
  })
  .listen(httpPort, '127.0.0.1')
