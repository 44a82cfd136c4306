// Newsletters end to end, with real server processes (src/main.ts) on one PostgreSQL database and
// an SMTP sink (smtp-server) on loopback: a fan-club sign-up gets a confirmation mail and only a
// confirmed address is mailed; a newsletter carries RFC 8058 one-click unsubscribe headers, and a
// POST to its List-Unsubscribe URL with the RFC's body puts the address on the suppression list,
// which the next send honours; and a 10,000-recipient send across two processes, one SIGKILLed
// while mails are in flight, reaches every confirmed address exactly once.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { signToken } from '../src/caller/jwt.js'
import { deriveKeys, type Keys } from '../src/keys.js'
import { SMTP_CONNECTIONS } from '../src/newsletter/mail.js'
import { scheduleSend } from '../src/newsletter/sends.js'
import { spawnMain, type MainProcess } from './support/main-process.js'
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js'
import { adminQuery, withDatabase } from './support/test-server.js'

const SITE_URL = 'https://rentdue.example'

let sink: SmtpSink
let keys: Keys
let databaseName: string
let dataDir: string
let pool: pg.Pool
let procs: MainProcess[] = []
let env: Record<string, string>

beforeAll(async () => {
  sink = await startSmtpSink()
  databaseName = `rd_newsletter_${crypto.randomBytes(4).toString('hex')}`
  await adminQuery(inject('adminUrl'), `create database ${databaseName}`)
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rentdue-newsletter-'))
  const jwtSecret = inject('jwtSecret')
  keys = await deriveKeys(jwtSecret)
  const databaseUrl = withDatabase(inject('adminUrl'), databaseName)
  env = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    SEED: 'off',
    DATA_DIR: dataDir,
    SITE_URL,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    SMTP_FROM: 'Rent Due <news@rentdue.example>',
    RATE_LIMIT_PER_MINUTE: '1000',
  }
  pool = new pg.Pool({ connectionString: databaseUrl, max: 3 })
  // pool.end() lets go of a connection before it has closed, and the final `drop database ...
  // with (force)` may cut it then: an error to ignore, not a crash of the test run.
  pool.on('error', () => undefined)
})

afterAll(async () => {
  for (const p of procs) p.signalGroup('SIGKILL')
  await Promise.all(procs.map((p) => p.exited))
  await pool?.end()
  if (databaseName) {
    await adminQuery(inject('adminUrl'), `drop database if exists ${databaseName} with (force)`)
  }
  await sink?.close()
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

async function start(
  extra: Record<string, string> = {},
): Promise<{ proc: MainProcess; url: string }> {
  const proc = spawnMain({ ...env, ...extra })
  procs.push(proc)
  return { proc, url: await proc.ready }
}

/** Polls the database until `sql`'s single number reaches `want` (a condition, not a pause). */
async function untilCount(sql: string, params: unknown[], want: number): Promise<void> {
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(sql, params)
    if ((rows[0]?.n ?? 0) >= want) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function newSend(subject: string, perMinute = 600): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into public.newsletter_sends (subject, body_markdown, body_html, body_text, audience, per_minute)
     values ($1, 'Rent is due.', '<p>Rent is due.</p>', 'Rent is due.', 'fan_club', $2)
     returning id::text`,
    [subject, perMinute],
  )
  const id = rows[0]?.id as string
  expect(await scheduleSend(pool, id, new Date())).toBe(true)
  return id
}

/** A link from a mail body (quoted-printable soft breaks undone), on the test server's origin. */
function linkIn(raw: string, pathname: string, serverUrl: string): string {
  const text = raw.replace(/=\r\n/g, '').replace(/=3D/g, '=')
  const m = new RegExp(`${SITE_URL.replace(/\./g, '\\.')}${pathname}\\?[^\\s"<>]+`).exec(text)
  if (!m) throw new Error(`no ${pathname} link in:\n${raw}`)
  return new URL(new URL(m[0]).pathname + new URL(m[0]).search, serverUrl).toString()
}

describe('one server process', () => {
  let url: string
  const fan = `fan-${crypto.randomBytes(3).toString('hex')}@example.com`
  const unconfirmed = `late-${crypto.randomBytes(3).toString('hex')}@example.com`

  beforeAll(async () => {
    ;({ url } = await start())
  })

  it('mails a fan-club sign-up a confirmation link, which confirms it', async () => {
    for (const email of [fan, unconfirmed]) {
      const res = await fetch(`${url}/rest/v1/fan_club_signups`, {
        method: 'POST',
        headers: {
          apikey: keys.anonKey,
          authorization: `Bearer ${keys.anonKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: 'Tenant', email }),
      })
      expect(res.status).toBe(201)
    }
    await sink.until(() => sink.mails.filter((m) => m.to === fan).length > 0)
    const mail = sink.mails.find((m) => m.to === fan) as { raw: string }
    expect(mail.raw).toMatch(/^Subject: Confirm your Rent Due fan club sign-up/m)
    const link = linkIn(mail.raw, '/newsletter/confirm', url)

    // Opening the link confirms nothing by itself (a link scanner may open it): a button does.
    const page = await fetch(link)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<h1>Confirm your address</h1>')
    expect(html).toContain('<button type="submit">Confirm my address</button>')
    const forged = new URL(link)
    forged.searchParams.set('token', 'x'.repeat(43))
    const refused = await fetch(forged, {
      method: 'POST',
      body: new URLSearchParams({ confirm: 'yes' }),
    })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('This link does not work')

    const done = await fetch(link, {
      method: 'POST',
      body: new URLSearchParams({ confirm: 'yes' }),
    })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('You’re confirmed')
    const { rows } = await pool.query<{ email: string; confirmed: boolean }>(
      'select email, confirmed_at is not null as confirmed from public.fan_club_signups order by id',
    )
    expect(rows).toEqual([
      { email: fan, confirmed: true },
      { email: unconfirmed, confirmed: false },
    ])
  })

  it('sends only to confirmed addresses, with one-click unsubscribe, and honours it next time', async () => {
    const first = await newSend('News from the building')
    await untilCount(
      `select count(*)::int as n from public.newsletter_deliveries where send_id = $1 and state = 'sent'`,
      [first],
      1,
    )
    const mails = sink.mails.filter((m) => /^Subject: News from the building/m.test(m.raw))
    expect(mails.map((m) => m.to)).toEqual([fan])
    const raw = (mails[0] as { raw: string }).raw
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(
      raw.replace(/\r\n[ \t]+/g, ' '),
    )?.[1] as string
    expect(header.startsWith(`${SITE_URL}/newsletter/unsubscribe?d=`)).toBe(true)
    expect((mails[0] as { messageId: string }).messageId).toMatch(
      new RegExp(`^<newsletter\\.${first}\\.\\d+@rentdue\\.example>$`),
    )

    // A mail client's one-click: POST to the List-Unsubscribe URL with the RFC 8058 body.
    const target = new URL(new URL(header).pathname + new URL(header).search, url)
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('You’re unsubscribed')
    const { rows } = await pool.query('select address, reason from public.newsletter_suppressions')
    expect(rows).toEqual([{ address: fan, reason: 'unsubscribed' }])

    const second = await newSend('More news')
    await untilCount(
      `select count(*)::int as n from public.newsletter_deliveries where send_id = $1 and state = 'suppressed'`,
      [second],
      1,
    )
    const progress = await pool.query(
      'select sent::int, suppressed::int, queued::int from public.newsletter_send_progress where send_id = $1',
      [second],
    )
    expect(progress.rows).toEqual([{ sent: 0, suppressed: 1, queued: 0 }])
    expect(sink.mails.filter((m) => /^Subject: More news/m.test(m.raw))).toEqual([])
  })

  it('shows the unsubscribe page without JavaScript, and refuses a link that is not ours', async () => {
    const { rows } = await pool.query<{ id: string }>(
      'select id::text from public.newsletter_deliveries order by id limit 1',
    )
    const bad = await fetch(`${url}/newsletter/unsubscribe?d=${rows[0]?.id}&token=nope`)
    expect(bad.status).toBe(200)
    expect(await bad.text()).toContain('<form method="post"')
    const post = await fetch(`${url}/newsletter/unsubscribe?d=${rows[0]?.id}&token=nope`, {
      method: 'POST',
      body: new URLSearchParams({ confirm: 'yes' }),
    })
    expect(post.status).toBe(400)
    expect(await post.text()).toContain('This link does not work')
  })

  it('mails a merch-list sign-up its own confirmation', async () => {
    const email = `merch-${crypto.randomBytes(3).toString('hex')}@example.com`
    const res = await fetch(`${url}/rest/v1/merch_waitlist`, {
      method: 'POST',
      headers: {
        apikey: keys.anonKey,
        authorization: `Bearer ${keys.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email }),
    })
    expect(res.status).toBe(201)
    await sink.until(() => sink.mails.some((m) => m.to === email))
    const mail = sink.mails.find((m) => m.to === email) as { raw: string }
    expect(mail.raw).toMatch(/^Subject: Confirm your spot on the Rent Due merch list/m)
    const done = await fetch(linkIn(mail.raw, '/newsletter/confirm', url), {
      method: 'POST',
      body: new URLSearchParams({ confirm: 'yes' }),
    })
    expect(await done.text()).toContain('You’re confirmed')
  })

  it('starts its queue worker again when its database session is cut, and sends on', async () => {
    const proc = procs[0] as MainProcess
    await pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'rent-due queue presence' and datname = current_database()`,
    )
    await proc.waitFor(/the worker runs again/)
    const send = await newSend('After the cut')
    await untilCount(
      `select count(*)::int as n from public.newsletter_deliveries
        where send_id = $1 and state in ('sent', 'suppressed')`,
      [send],
      1,
    )
    const { rows } = await pool.query<{ n: number }>(
      'select count(*)::int as n from job_presence.workers',
    )
    expect(rows[0]?.n).toBeGreaterThan(0)
  })

  it('lets an admin schedule and cancel a send through the API, and nobody else', async () => {
    const draft = async (subject: string) => {
      const { rows } = await pool.query<{ id: string }>(
        `insert into public.newsletter_sends (subject, body_markdown, body_html, body_text, audience)
         values ($1, 'Hi', '<p>Hi</p>', 'Hi', 'fan_club') returning id::text`,
        [subject],
      )
      return rows[0]?.id as string
    }
    const rpc = async (fn: string, body: unknown, appMetadata: Record<string, unknown>) => {
      const token = await signToken(
        { role: 'authenticated', sub: crypto.randomUUID(), app_metadata: appMetadata },
        keys.jwtSecret,
        600,
      )
      return fetch(`${url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: {
          apikey: keys.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      })
    }
    const now = await draft('Through the API')
    const refused = await rpc('schedule_newsletter_send', { p_send: Number(now) }, {})
    expect(refused.status).toBe(403)
    const scheduled = await rpc(
      'schedule_newsletter_send',
      { p_send: Number(now) },
      { role: 'admin' },
    )
    expect(scheduled.status).toBe(200)
    expect(await scheduled.json()).toMatchObject({ state: 'scheduled' })
    await untilCount(
      `select count(*)::int as n from public.newsletter_deliveries
        where send_id = $1 and state in ('sent', 'suppressed')`,
      [now],
      1,
    )
    // Scheduled for later, then cancelled: its fan-out will find nothing to do.
    const later = await draft('Never mind')
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString()
    expect(
      (
        await rpc(
          'schedule_newsletter_send',
          { p_send: Number(later), p_at: inAnHour },
          { role: 'admin' },
        )
      ).status,
    ).toBe(200)
    expect((await rpc('cancel_newsletter_send', { p_send: Number(later) }, {})).status).toBe(403)
    const cancelled = await rpc(
      'cancel_newsletter_send',
      { p_send: Number(later) },
      { role: 'admin' },
    )
    expect(cancelled.status).toBe(200)
    expect(await cancelled.json()).toMatchObject({ state: 'cancelled' })
    const again = await rpc(
      'schedule_newsletter_send',
      { p_send: Number(later) },
      { role: 'admin' },
    )
    expect(again.status).toBe(404)
  })

  it('lets an admin write a draft through the API and mail a test of it to their own address', async () => {
    const rest = async (
      pathname: string,
      init: { method: string; body?: unknown },
      claims: Record<string, unknown> | null,
    ) => {
      const token =
        claims === null
          ? keys.anonKey
          : await signToken(
              { role: 'authenticated', sub: crypto.randomUUID(), ...claims },
              keys.jwtSecret,
              600,
            )
      return fetch(`${url}/rest/v1/${pathname}`, {
        method: init.method,
        headers: {
          apikey: keys.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
    }
    const admin = { email: 'Team@RentDue.example', app_metadata: { role: 'admin' } }
    const draft = {
      subject: 'A test of the finale',
      body_markdown: '# The finale\n\n**Rent** is due <script>x</script>',
      audience: 'fan_club',
      per_minute: 60,
    }
    // A fan, or anyone without a token, neither writes nor reads a send.
    expect((await rest('newsletter_sends', { method: 'POST', body: draft }, {})).status).toBe(403)
    expect((await rest('newsletter_sends?select=id', { method: 'GET' }, null)).status).toBe(401)
    // A draft's state is not the admin's to write: only the functions move it.
    const forced = await rest(
      'newsletter_sends',
      { method: 'POST', body: { ...draft, state: 'sending' } },
      admin,
    )
    expect(forced.status).toBe(403)
    const made = await rest('newsletter_sends', { method: 'POST', body: draft }, admin)
    expect(made.status).toBe(201)
    const [row] = (await made.json()) as Array<{
      id: number
      state: string
      created_by_email: string
    }>
    expect(row).toMatchObject({ state: 'draft', created_by_email: 'Team@RentDue.example' })

    const test = await rest(
      'rpc/send_newsletter_test',
      { method: 'POST', body: { p_send: row?.id } },
      admin,
    )
    expect(test.status).toBe(200)
    expect(await test.json()).toBe('team@rentdue.example')
    await sink.until(() => sink.mails.some((m) => m.to === 'team@rentdue.example'))
    const mail = sink.mails.find((m) => m.to === 'team@rentdue.example') as { raw: string }
    expect(mail.raw).toMatch(/^Subject: \[Test\] A test of the finale/m)
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    expect(body).toContain('<h1>The finale</h1>')
    expect(body).toContain('<strong>Rent</strong> is due &lt;script&gt;x&lt;/script&gt;')
    // The text part is the Markdown as typed; the HTML part has no tag the team typed.
    expect(body.slice(body.indexOf('Content-Type: text/html'))).not.toContain('<script>')
  })

  // Last here: it spends this address's unsubscribe/confirm allowance for the minute.
  it('limits the confirm and unsubscribe posts per client address', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const res = await fetch(`${url}/newsletter/unsubscribe?d=1&token=nope`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      statuses.push(res.status)
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toBe('60')
        expect(await res.text()).toContain('One moment, please')
        break
      }
    }
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true)
  })

  afterAll(async () => {
    for (const p of procs) p.signalGroup('SIGTERM')
    await Promise.all(procs.map((p) => p.exited))
    procs = []
  })
})

describe('the worker as a process of its own (npm run worker)', () => {
  it('sends while the server runs with QUEUE_WORKER=off', async () => {
    const server = await start({ QUEUE_WORKER: 'off' })
    await server.proc.waitFor(/queue worker off here/)
    const worker = spawnMain(env, 'apps/server/src/worker-main.ts')
    procs.push(worker)
    await worker.waitFor(/Rent Due queue worker is ready/)
    const address = `own-${crypto.randomBytes(3).toString('hex')}@example.com`
    await pool.query(
      `insert into public.fan_club_signups (name, email, confirmed_at) values ('Tenant', $1, now())`,
      [address],
    )
    const send = await newSend('From the worker')
    await sink.until(() =>
      sink.mails.some((m) => m.to === address && /^Subject: From the worker/m.test(m.raw)),
    )
    await untilCount(
      `select count(*)::int as n from public.newsletter_deliveries where send_id = $1 and state = 'sent'`,
      [send],
      1,
    )
    // SIGTERM: the worker lets its jobs finish and leaves no presence behind.
    worker.signalGroup('SIGTERM')
    expect((await worker.exited).code).toBe(0)
    server.proc.signalGroup('SIGTERM')
    await server.proc.exited
    procs = []
    const { rows } = await pool.query<{ n: number }>(
      'select count(*)::int as n from job_presence.workers',
    )
    expect(rows[0]?.n).toBe(0)
  })
})

describe('without SMTP', () => {
  it('keeps the sign-up forms as they are and mails nothing', async () => {
    const { proc, url } = await start({ SMTP_HOST: '' })
    const email = `quiet-${crypto.randomBytes(3).toString('hex')}@example.com`
    const before = sink.mails.length
    const res = await fetch(`${url}/rest/v1/fan_club_signups`, {
      method: 'POST',
      headers: {
        apikey: keys.anonKey,
        authorization: `Bearer ${keys.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'Quiet', email }),
    })
    expect(res.status).toBe(201)
    // Its confirmation job ran (and is gone) without a mail; the sign-up stays unconfirmed.
    await untilCount(
      `select (count(*) = 0)::int as n from graphile_worker.jobs where task_identifier = 'newsletter_confirm'`,
      [],
      1,
    )
    expect(sink.mails.length).toBe(before)
    const { rows } = await pool.query(
      'select confirmed_at from public.fan_club_signups where email = $1',
      [email],
    )
    expect(rows).toEqual([{ confirmed_at: null }])
    proc.signalGroup('SIGTERM')
    await proc.exited
    procs = []
  })
})

describe('two server processes, one killed mid-send', () => {
  const RECIPIENTS = Number(process.env.NEWSLETTER_TEST_RECIPIENTS ?? 10_000)

  it('delivers every confirmed address exactly once', async () => {
    const a = await start({ QUEUE_CONCURRENCY: '8' })
    const b = await start({ QUEUE_CONCURRENCY: '8' })
    const before = sink.mails.length
    // Only these addresses (the tests above left one, unsubscribed, and one unconfirmed).
    await pool.query('delete from public.fan_club_signups')
    await pool.query('delete from public.newsletter_suppressions')
    await pool.query(
      `insert into public.fan_club_signups (name, email, confirmed_at)
       select 'Tenant ' || n, 'tenant' || n || '@example.com', now()
         from generate_series(1, $1) n`,
      [RECIPIENTS],
    )
    const started = Date.now()
    const send = await newSend('The big one', 1_000_000)
    const mine = () => sink.mails.slice(before).filter((m) => /^Subject: The big one/m.test(m.raw))

    // A third of the way in, the sink stops answering: both processes end up waiting on all their
    // SMTP connections with mails handed over and unanswered. Then one of them is killed.
    const third = Math.ceil(RECIPIENTS / 3)
    await sink.until(() => mine().length >= 1)
    // The fan-out (every delivery row and job, one transaction) is done when the first mail lands.
    const fannedOut = Date.now()
    await sink.until(() => mine().length >= third)
    const firstThird = (Date.now() - fannedOut) / 1000
    sink.hold()
    await sink.until(() => sink.held() >= 2 * SMTP_CONNECTIONS)
    b.proc.signalGroup('SIGKILL')
    await b.proc.exited
    // The killed process's connections close; its unanswered mails are gone with them.
    await sink.until(() => sink.held() <= SMTP_CONNECTIONS)
    sink.release()

    await untilCount(
      `select count(*)::int as n from public.newsletter_deliveries where send_id = $1 and state = 'sent'`,
      [send],
      RECIPIENTS,
    )
    const perAddress = new Map<string, number>()
    for (const m of mine()) perAddress.set(m.to, (perAddress.get(m.to) ?? 0) + 1)
    expect(perAddress.size).toBe(RECIPIENTS + 0)
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true)
    expect(mine()).toHaveLength(RECIPIENTS)
    // Some mails were cut off by the kill and sent again by the survivor.
    const again = await pool.query<{ n: number }>(
      'select count(*)::int as n from public.newsletter_deliveries where send_id = $1 and attempts > 1',
      [send],
    )
    expect(again.rows[0]?.n).toBeGreaterThan(0)
    expect(a.proc.output()).toMatch(/unlocked the jobs of \d+ workers of a process that is gone/)
    console.log(
      `newsletter throughput: fan-out of ${RECIPIENTS} in ${((fannedOut - started) / 1000).toFixed(1)} s; ` +
        `${Math.round((third - 1) / firstThird)} mails/s over the first ${third} ` +
        `(two processes, 8 jobs and ${SMTP_CONNECTIONS} SMTP connections each); ` +
        `${RECIPIENTS} in ${((Date.now() - started) / 1000).toFixed(1)} s with the kill`,
    )
  }, 600_000)
})
