// The browser tests' mail server: the SMTP sink (smtp-sink.ts) on a fixed loopback port, and a small
// HTTP side to read what it kept (GET /mails: JSON, oldest first; GET /healthz).
// playwright.config.ts starts it (npx tsx) before the newsletter server that mails to it.
import http from 'node:http'
import { startSmtpSink } from './smtp-sink.js'

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 3125)
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 3126)

const sink = await startSmtpSink(smtpPort)

http
  .createServer((req, res) => {
    if (req.url === '/mails') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sink.mails))
    } else if (req.url === '/healthz') {
      res.writeHead(200).end('ok')
    } else {
      res.writeHead(404).end()
    }
  })
  .listen(httpPort, '127.0.0.1')
