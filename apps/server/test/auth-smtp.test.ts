// Sign-up with e-mail confirmation (SMTP configured): the server mails a confirmation link through
// a real SMTP conversation (a tiny sink on 127.0.0.1 written here), refuses password sign-in until
// the link is opened (email_not_confirmed), and the link confirms and 303-redirects with the
// session in the fragment, as auth-js's detectSessionInUrl expects. An e-mail change works the
// same way: a link to the new address, which moves the account when it is opened.
import net from 'node:net'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitSubjects } from '../src/auth-api/limits.js'
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
  // While held, a mail is received but its "250 queued" is kept back: the sender waits.
  let held: Array<() => void> | undefined
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
            if (held) held.push(() => reply('250 2.0.0 queued'))
            else reply('250 2.0.0 queued')
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
    /** Resolves once `n` mails to `to` have arrived. */
    async mailsTo(to: string, n: number): Promise<Mail[]> {
      for (;;) {
        const found = mails.filter((m) => m.to.includes(to))
        if (found.length >= n) return found
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    },
    /** Keeps every mail's acknowledgement back until release(). */
    hold() {
      held = []
    },
    release() {
      for (const ack of held ?? []) ack()
      held = undefined
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
  // Every sign-up here comes from 127.0.0.1: its own limit is tested on its own below.
  await server.adminPool.query(
    `update api_limits.rules set max_hits = 1000 where bucket = 'auth:signup_mail_ip'`,
  )
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

/** Ends an address's sign-up mail windows, as time passing would. */
async function endSignupMailWindow(
  email: string,
  buckets = ['auth:signup_mail:1m', 'auth:signup_mail:1h'],
) {
  await server.adminPool.query(
    `delete from api_limits.counters where bucket = any($1) and subject = $2`,
    [buckets, limitSubjects(server.keys.jwtSecret).account(email)],
  )
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

  it('a sign-up from another host, or naming a foreign redirect, mails a link back to SITE_URL', async () => {
    const anon = server.client('anon')
    for (const emailRedirectTo of [
      'http://192.0.2.7:8080/',
      'https://evil.example/',
      'https://rentdue.example.evil.example/',
      'javascript:alert(1)',
    ]) {
      const email = newEmail()
      const { data, error } = await anon.auth.signUp({
        email,
        password: PASSWORD,
        options: { emailRedirectTo },
      })
      expect(error).toBeNull()
      expect(data.user?.email).toBe(email)
      const link = confirmationLink(await sink.mailTo(email))
      expect(link.origin).toBe('https://rentdue.example')
      expect(link.searchParams.get('redirect_to')).toBe('https://rentdue.example/')
      const opened = await openLink(link)
      expect(opened.status).toBe(303)
      const target = new URL(opened.location)
      expect(`${target.origin}${target.pathname}`).toBe('https://rentdue.example/')
      expect(new URLSearchParams(target.hash.slice(1)).get('type')).toBe('signup')
    }
  })

  it('sign-up answers alike for a new, a pending and a confirmed address, and never waits for the mail', async () => {
    const anon = server.client('anon')
    const confirmed = newEmail()
    await anon.auth.signUp({ email: confirmed, password: PASSWORD })
    expect((await openLink(confirmationLink(await sink.mailTo(confirmed)))).status).toBe(303)
    const pending = newEmail()
    await anon.auth.signUp({ email: pending, password: PASSWORD })
    await sink.mailTo(pending)
    const fresh = newEmail()
    const mailsBefore = sink.mails.length

    // The SMTP server keeps every mail waiting: the answers must not.
    sink.hold()
    const answers: Record<string, unknown>[] = []
    try {
      for (const email of [fresh, pending, confirmed]) {
        const { data, error } = await anon.auth.signUp({
          email,
          password: 'an attacker password',
          options: { data: { username: 'someone' } },
        })
        expect(error).toBeNull()
        expect(data.session).toBeNull()
        answers.push(data.user as unknown as Record<string, unknown>)
      }
    } finally {
      sink.release()
    }
    /** The answer with every value that must differ (ids, times, the address) replaced. */
    const shape = (user: Record<string, unknown>) =>
      JSON.parse(
        JSON.stringify(user)
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID')
          .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, 'TIME')
          .replace(/mail-[0-9a-f]{10}@example\.com/g, 'EMAIL'),
      ) as unknown
    expect(shape(answers[1] as Record<string, unknown>)).toEqual(
      shape(answers[0] as Record<string, unknown>),
    )
    expect(shape(answers[2] as Record<string, unknown>)).toEqual(
      shape(answers[0] as Record<string, unknown>),
    )
    expect(shape(answers[0] as Record<string, unknown>)).toMatchObject({
      id: 'ID',
      email: 'EMAIL',
      user_metadata: { username: 'someone' },
      identities: [{ identity_data: { email_verified: false, username: 'someone' } }],
    })
    // None of them shows the real account's id.
    const { rows } = await server.adminPool.query<{ id: string }>(
      'select id from auth.users where email = any($1)',
      [[pending, confirmed]],
    )
    for (const { id } of rows) expect(answers.map((a) => a.id)).not.toContain(id)
    // Only the new address got a mail: the pending one's was sent less than a minute ago.
    await sink.mailTo(fresh)
    expect(sink.mails.slice(mailsBefore).flatMap((m) => m.to)).toEqual([fresh])
    // And the confirmed account kept its password.
    expect(
      (await anon.auth.signInWithPassword({ email: confirmed, password: PASSWORD })).error,
    ).toBeNull()
  })

  it('a second sign-up for a pending address cannot take it over: same password, same metadata, the same link again', async () => {
    const email = newEmail()
    const owner = server.client('anon')
    await owner.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { username: 'owner' } },
    })
    const first = confirmationLink(await sink.mailTo(email))

    // The attacker signs up with the same address, twice, a while apart.
    const attacker = server.client('anon')
    const attack = () =>
      attacker.auth.signUp({
        email,
        password: 'the attacker password',
        options: { data: { username: 'attacker' } },
      })
    expect((await attack()).error).toBeNull()
    await endSignupMailWindow(email)
    expect((await attack()).error).toBeNull()
    const mails = await sink.mailsTo(email, 2)
    expect(mails).toHaveLength(2)
    // The mail the attacker caused carries the owner's own link, which still works.
    expect(confirmationLink(mails[1] as Mail).href).toBe(first.href)
    const opened = await openLink(first)
    expect(opened.location).toContain('#access_token=')

    const theirs = await attacker.auth.signInWithPassword({
      email,
      password: 'the attacker password',
    })
    expect(theirs.error?.code).toBe('invalid_credentials')
    const mine = await owner.auth.signInWithPassword({ email, password: PASSWORD })
    expect(mine.error).toBeNull()
    expect(mine.data.user?.user_metadata).toEqual({ username: 'owner' })
  })

  it('a pending address whose link has expired gets a new link; its password still never changes', async () => {
    const email = newEmail()
    const anon = server.client('anon')
    await anon.auth.signUp({ email, password: PASSWORD })
    const first = confirmationLink(await sink.mailTo(email))
    await server.adminPool.query(
      `update auth.users set confirmation_sent_at = confirmation_sent_at - interval '25 hours'
        where email = $1`,
      [email],
    )
    await endSignupMailWindow(email)
    await anon.auth.signUp({ email, password: 'another password entirely' })
    const second = confirmationLink((await sink.mailsTo(email, 2))[1] as Mail)
    expect(second.href).not.toBe(first.href)
    expect((await openLink(first)).location).toContain('error_code=otp_expired')
    expect((await openLink(second)).location).toContain('#access_token=')
    expect((await anon.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
  })

  it('sign-up mails are limited per e-mail (silently) and per address (429 for any e-mail)', async () => {
    const email = newEmail()
    const anon = server.client('anon')
    await anon.auth.signUp({ email, password: PASSWORD })
    await sink.mailTo(email)
    // Five an hour per e-mail: the first and four more, one a minute.
    for (let i = 0; i < 6; i++) {
      await endSignupMailWindow(email, ['auth:signup_mail:1m'])
      const again = await anon.auth.signUp({ email, password: PASSWORD })
      expect(again.error).toBeNull()
    }
    await endSignupMailWindow(email, ['auth:signup_mail:1m'])
    // A sixth mail goes out only once the hour is over; meanwhile a new address still gets one.
    const other = newEmail()
    await anon.auth.signUp({ email: other, password: PASSWORD })
    await sink.mailTo(other)
    expect(await sink.mailsTo(email, 5)).toHaveLength(5)

    await server.adminPool.query(
      `delete from api_limits.counters where bucket = 'auth:signup_mail_ip';
       update api_limits.rules set max_hits = 2 where bucket = 'auth:signup_mail_ip'`,
    )
    try {
      expect((await anon.auth.signUp({ email: newEmail(), password: PASSWORD })).error).toBeNull()
      expect((await anon.auth.signUp({ email: newEmail(), password: PASSWORD })).error).toBeNull()
      const over = await anon.auth.signUp({ email: newEmail(), password: PASSWORD })
      expect(over.error?.status).toBe(429)
      expect(over.error?.code).toBe('over_request_rate_limit')
    } finally {
      await server.adminPool.query(
        `update api_limits.rules set max_hits = 1000 where bucket = 'auth:signup_mail_ip'`,
      )
    }
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
