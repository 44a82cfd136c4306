// Sign-up with e-mail confirmation (SMTP configured): the server mails a confirmation link through
// a real SMTP conversation (a tiny sink on 127.0.0.1 written here), refuses password sign-in until
// the link is opened (email_not_confirmed), and the link confirms and 303-redirects with the
// session in the fragment, as auth-js's detectSessionInUrl expects. An e-mail change works the
// same way: a link to the new address, which moves the account when it is opened.
import net from 'node:net'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newEmail as freshEmail } from './support/auth-client.js'
import { startTestServer, type TestServer } from './support/test-server.js'

interface Mail {
  from: string
  to: string[]
  data: string
}

/** Accepts every message and keeps it; just enough SMTP for nodemailer. */
async function startSmtpSink() {
  const mails: Mail[] = []
  const waiters: Array<() => void> = []
  const server = net.createServer((socket) => {
    let buffer = ''
    let inData = false
    let current: Mail = { from: '', to: [], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 sink.test ESMTP')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      let i
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i)
        buffer = buffer.slice(i + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            mails.push(current)
            current = { from: '', to: [], data: '' }
            reply('250 2.0.0 queued')
            for (const w of waiters.splice(0)) w()
          } else {
            current.data += (line.startsWith('..') ? line.slice(1) : line) + '\r\n'
          }
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO') reply('250-sink.test\r\n250 8BITMIME')
        else if (verb === 'HELO') reply('250 sink.test')
        else if (verb === 'MAIL') {
          current.from = line
          reply('250 2.1.0 OK')
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
          reply('250 2.1.5 OK')
        } else if (verb === 'DATA') {
          inData = true
          reply('354 go ahead')
        } else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('250 OK')
      }
    })
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    port,
    mails,
    /** Resolves with the first mail to `to`, waiting for it if it has not arrived yet. */
    async mailTo(to: string): Promise<Mail> {
      for (;;) {
        const found = mails.find((m) => m.to.includes(to))
        if (found) return found
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The text of a quoted-printable MIME body, enough to find the link in it. */
function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function mailText(mail: Mail): string {
  return decodeQuotedPrintable(mail.data)
}

function confirmationLink(mail: Mail): URL {
  const text = decodeQuotedPrintable(mail.data)
  const match = /https?:\/\/\S+?\/auth\/v1\/verify\?[^\s"<]+/.exec(text)
  if (!match) throw new Error(`no confirmation link in:\n${text}`)
  return new URL(match[0])
}

let sink: Awaited<ReturnType<typeof startSmtpSink>>
let server: TestServer

beforeAll(async () => {
  sink = await startSmtpSink()
  server = await startTestServer({
    env: {
      authRateLimit: 1000,
      siteUrl: 'https://rentdue.example',
      smtp: {
        host: '127.0.0.1',
        port: sink.port,
        user: undefined,
        pass: undefined,
        from: 'Rent Due <no-reply@rentdue.example>',
      },
    },
  })
})

afterAll(async () => {
  await server?.close()
  await sink?.close()
})

const PASSWORD = 'rent is due again'

const newEmail = () => freshEmail('mail')

/** Opens the mailed link against the test server (its origin is the configured public URL). */
async function openLink(link: URL) {
  const res = await fetch(`${server.url}${link.pathname}${link.search}`, { redirect: 'manual' })
  return { status: res.status, location: res.headers.get('location') ?? '' }
}

describe('sign-up with e-mail confirmation', () => {
  it('mails a link, refuses sign-in until it is opened, then signs in', async () => {
    const email = newEmail()
    const anon = server.client('anon')
    const { data, error } = await anon.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://rentdue.example/', data: { username: 'penny' } },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.user?.confirmation_sent_at).toMatch(/^\d{4}-/)
    expect(data.user?.user_metadata).toEqual({ username: 'penny' })

    const mail = await sink.mailTo(email)
    expect(mail.from).toContain('no-reply@rentdue.example')
    expect(mail.data).toContain('Subject: Confirm your Rent Due account')
    const link = confirmationLink(mail)
    expect(link.origin).toBe('https://rentdue.example')
    expect(link.searchParams.get('type')).toBe('signup')
    expect(link.searchParams.get('redirect_to')).toBe('https://rentdue.example/')

    const early = await anon.auth.signInWithPassword({ email, password: PASSWORD })
    expect(early.data.session).toBeNull()
    expect(early.error?.status).toBe(400)
    expect(early.error?.code).toBe('email_not_confirmed')
    expect(early.error?.message).toBe('Email not confirmed')

    const opened = await openLink(link)
    expect(opened.status).toBe(303)
    const target = new URL(opened.location)
    expect(`${target.origin}${target.pathname}`).toBe('https://rentdue.example/')
    const fragment = new URLSearchParams(target.hash.slice(1))
    expect(fragment.get('token_type')).toBe('bearer')
    expect(fragment.get('type')).toBe('signup')
    expect(fragment.get('expires_in')).toBe('3600')
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000)
    expect(fragment.get('refresh_token')).toBeTruthy()

    // The session of the fragment is real: getUser with it, as auth-js does after the redirect.
    const me = await server.client('anon').auth.getUser(fragment.get('access_token') as string)
    expect(me.error).toBeNull()
    expect(me.data.user?.email).toBe(email)
    expect(me.data.user?.email_confirmed_at).toMatch(/^\d{4}-/)
    expect(me.data.user?.identities?.[0]?.identity_data?.email_verified).toBe(true)

    const again = await openLink(link)
    expect(again.status).toBe(303)
    expect(new URLSearchParams(new URL(again.location).hash.slice(1)).get('error_code')).toBe(
      'otp_expired',
    )

    const signedIn = await anon.auth.signInWithPassword({ email, password: PASSWORD })
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.session?.user.user_metadata).toEqual({ username: 'penny' })
  })

  it('a confirmed address signing up again gets an obfuscated user (identities: []) and no mail', async () => {
    const email = newEmail()
    const anon = server.client('anon')
    await anon.auth.signUp({ email, password: PASSWORD })
    const link = confirmationLink(await sink.mailTo(email))
    expect((await openLink(link)).status).toBe(303)
    const mailsBefore = sink.mails.length
    const { data, error } = await anon.auth.signUp({ email, password: 'another password' })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.identities).toEqual([])
    const { rows } = await server.adminPool.query<{ id: string }>(
      'select id from auth.users where email = $1',
      [email],
    )
    expect(data.user?.id).not.toBe(rows[0]?.id)
    expect(sink.mails.length).toBe(mailsBefore)
    // The real account kept its password.
    expect((await anon.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
  })

  it('an unconfirmed address signing up again gets a new link; the old one stops working', async () => {
    const email = newEmail()
    const anon = server.client('anon')
    await anon.auth.signUp({ email, password: PASSWORD })
    const first = confirmationLink(await sink.mailTo(email))
    const { data, error } = await anon.auth.signUp({ email, password: 'the second password' })
    expect(error).toBeNull()
    expect(data.user?.identities).toHaveLength(1)
    const mails = sink.mails.filter((m) => m.to.includes(email))
    expect(mails).toHaveLength(2)
    const second = confirmationLink(mails[1] as Mail)
    const stale = await openLink(first)
    expect(stale.location).toContain('error_code=otp_expired')
    const fresh = await openLink(second)
    expect(fresh.location).toContain('#access_token=')
    expect(
      (await anon.auth.signInWithPassword({ email, password: 'the second password' })).error,
    ).toBeNull()
  })

  it('a link with a wrong token or type, or a foreign redirect, never confirms or leaves the site', async () => {
    const email = newEmail()
    await server.client('anon').auth.signUp({ email, password: PASSWORD })
    const link = confirmationLink(await sink.mailTo(email))
    const wrongType = new URL(link)
    wrongType.searchParams.set('type', 'recovery')
    const foreign = new URL(link)
    foreign.searchParams.set('token', 'forged')
    foreign.searchParams.set('redirect_to', 'https://evil.example/')
    for (const l of [wrongType, foreign]) {
      const res = await openLink(l)
      expect(res.status).toBe(303)
      expect(res.location.startsWith('https://rentdue.example/#error=access_denied')).toBe(true)
    }
    const { rows } = await server.adminPool.query<{ confirmed: boolean }>(
      'select email_confirmed_at is not null as confirmed from auth.users where email = $1',
      [email],
    )
    expect(rows[0]?.confirmed).toBe(false)
  })

  it('settings report that sign-ups are not auto-confirmed', async () => {
    const res = await fetch(`${server.url}/auth/v1/settings`, {
      headers: { apikey: server.keys.anonKey },
    })
    expect(((await res.json()) as { mailer_autoconfirm: boolean }).mailer_autoconfirm).toBe(false)
  })
})

describe('e-mail change with confirmation', () => {
  /** A confirmed, signed-in account (its sign-up link opened). */
  async function confirmedAccount() {
    const email = newEmail()
    const anon = server.client('anon')
    await anon.auth.signUp({ email, password: PASSWORD })
    expect((await openLink(confirmationLink(await sink.mailTo(email)))).status).toBe(303)
    const { data, error } = await anon.auth.signInWithPassword({ email, password: PASSWORD })
    expect(error).toBeNull()
    return { client: anon, email, session: data.session! }
  }

  it('mails a link to the new address; the account moves only when it is opened', async () => {
    const { client, email } = await confirmedAccount()
    const address = newEmail()
    const { data, error } = await client.auth.updateUser(
      { email: address },
      { emailRedirectTo: 'https://rentdue.example/' },
    )
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.new_email).toBe(address)
    expect(data.user?.email_change_sent_at).toMatch(/^\d{4}-/)

    const mail = await sink.mailTo(address)
    expect(mail.data).toContain('Subject: Confirm your new e-mail address for Rent Due')
    expect(mailText(mail)).toContain('Your Rent Due fan site account asked to use this e-mail')
    const link = confirmationLink(mail)
    expect(link.searchParams.get('type')).toBe('email_change')
    expect(link.searchParams.get('redirect_to')).toBe('https://rentdue.example/')

    // Not yet: the old address still signs in, the new one does not.
    const anon = server.client('anon')
    expect(
      (await anon.auth.signInWithPassword({ email: address, password: PASSWORD })).error?.code,
    ).toBe('invalid_credentials')
    expect((await anon.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()

    const opened = await openLink(link)
    expect(opened.status).toBe(303)
    const fragment = new URLSearchParams(new URL(opened.location).hash.slice(1))
    expect(fragment.get('type')).toBe('email_change')
    expect(decodeJwt(fragment.get('access_token') as string).email).toBe(address)
    const me = await server.client('anon').auth.getUser(fragment.get('access_token') as string)
    expect(me.data.user?.email).toBe(address)
    expect(me.data.user?.new_email).toBeUndefined()
    expect(me.data.user?.identities?.[0]?.identity_data?.email).toBe(address)

    expect(
      (await anon.auth.signInWithPassword({ email: address, password: PASSWORD })).error,
    ).toBeNull()
    expect((await anon.auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    )
    // A link works once.
    expect((await openLink(link)).location).toContain('error_code=otp_expired')
  })

  it('an address taken meanwhile is not moved to; a taken address is refused at once', async () => {
    const { client } = await confirmedAccount()
    const other = await confirmedAccount()
    const taken = await client.auth.updateUser({ email: other.email })
    expect(taken.error?.status).toBe(422)
    expect(taken.error?.code).toBe('email_exists')

    const address = newEmail()
    expect((await client.auth.updateUser({ email: address })).error).toBeNull()
    const link = confirmationLink(await sink.mailTo(address))
    await server.client('anon').auth.signUp({ email: address, password: PASSWORD })
    const opened = await openLink(link)
    expect(opened.location).toContain('error_code=otp_expired')
    const { rows } = await server.adminPool.query<{ n: number }>(
      'select count(*)::int as n from auth.users where email = $1',
      [address],
    )
    expect(rows[0]?.n).toBe(1)
  })

  it('is behind the reauthentication rule as well', async () => {
    const { client, session } = await confirmedAccount()
    await server.adminPool.query(
      'update auth.sessions set amr_timestamp = amr_timestamp - 301 where id = $1',
      [decodeJwt(session.access_token).session_id],
    )
    const address = newEmail()
    const mailsBefore = sink.mails.length
    const refused = await client.auth.updateUser({ email: address })
    expect(refused.error?.code).toBe('current_password_required')
    expect(sink.mails.length).toBe(mailsBefore)
    const asked = await client.auth.updateUser({ email: address, current_password: PASSWORD })
    expect(asked.error).toBeNull()
    expect(asked.data.user?.new_email).toBe(address)
    expect(confirmationLink(await sink.mailTo(address)).searchParams.get('type')).toBe(
      'email_change',
    )
  })
})
