// An SMTP server on 127.0.0.1 (smtp-server) that keeps every message it accepts (the server tests'
// and, through mail-sink-main.ts, the browser tests'). It can hold its
// "250" answers back (`hold()`): the senders then wait with their mails received but not yet
// acknowledged, as when a process is killed between handing a mail over and hearing the answer. A
// held mail whose connection closes is discarded, as a real server discards a mail it never
// acknowledged; `release()` acknowledges the rest.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface SunkMail {
  to: string
  messageId: string
  raw: string
}

export interface SmtpSink {
  port: number
  mails: SunkMail[]
  /** Held mails (received, not yet answered). */
  held(): number
  hold(): void
  release(): void
  /** Resolves once `test()` holds (checked after every mail and every closed connection). */
  until(test: () => boolean): Promise<void>
  close(): Promise<void>
}

/** `port`: 0 for any free one (the server tests), a fixed one for the browser tests' sink. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: SunkMail[] = []
  const waiting = new Map<string, Array<() => void>>()
  const waiters = new Set<() => void>()
  let holding = false
  const check = () => {
    for (const w of waiters) w()
  }
  const heldCount = () => [...waiting.values()].reduce((n, list) => n + list.length, 0)
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const accept = () => {
          mails.push({
            to: session.envelope.rcptTo[0]?.address ?? '',
            messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '',
            raw,
          })
          callback()
          check()
        }
        if (!holding) return accept()
        const list = waiting.get(session.id) ?? []
        list.push(accept)
        waiting.set(session.id, list)
        check()
      })
    },
    onClose(session) {
      // Never acknowledged: the sender cannot know it arrived, and it did not.
      waiting.delete(session.id)
      check()
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    held: heldCount,
    hold: () => void (holding = true),
    release() {
      holding = false
      const all = [...waiting.values()].flat()
      waiting.clear()
      for (const accept of all) accept()
    },
    async until(test) {
      while (!test()) {
        await new Promise<void>((resolve) => {
          const w = () => {
            waiters.delete(w)
            resolve()
          }
          waiters.add(w)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
