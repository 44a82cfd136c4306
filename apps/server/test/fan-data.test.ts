// Migration 0032 (decisions 387 and 388): a fan's data on request. An admin exports and erases
// everything stored about one e-mail address through supabase-js (rpc/fan_data_export,
// rpc/fan_data_delete); anon and signed-in non-admins are refused; every request leaves an audit
// row that holds the address's sha256 key, never the address. Rows are arranged with the
// superuser pool, as the API cannot write most of these tables.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server?.close()
})

const marker = () => crypto.randomBytes(4).toString('hex')
const keyOf = (address: string) =>
  'sha256:' + crypto.createHash('sha256').update(address.trim().toLowerCase()).digest('hex')

async function one(sql: string, params: unknown[] = []): Promise<string> {
  const { rows } = await server.adminPool.query<{ id: string }>(sql, params)
  return String(rows[0]!.id)
}

interface Arranged {
  ids: Record<string, string[]>
  sendId: string
}

/** One of everything for `email`, stored as given (mixed case is kept as the forms keep it). */
async function arrange(email: string, name: string): Promise<Arranged> {
  const q = (sql: string, params: unknown[]) => one(`${sql} returning id::text as id`, params)
  const sendId = await q(
    `insert into public.newsletter_sends (subject, body_markdown, body_html, body_text, audience)
     values ('News for ' || $1, 'Hi', '<p>Hi</p>', 'Hi', 'fan_club')`,
    [name],
  )
  const runId = await one(
    `insert into public.quiz_runs (name, email, question_ids)
     values ($1, $2, array[1,2,3,4,5,6,7,8,9,10]::bigint[]) returning id::text as id`,
    [name, email],
  )
  const month = `date_trunc('month', now(), 'UTC')::date`
  const ids: Record<string, string[]> = {
    fan_club_signups: [
      await q(
        `insert into public.fan_club_signups (name, email, confirmed_at) values ($1, $2, now())`,
        [name, email],
      ),
    ],
    merch_waitlist: [
      await q(`insert into public.merch_waitlist (email, confirmed_at) values ($1, now())`, [
        email,
      ]),
    ],
    audience_signups: [
      await q(
        `insert into public.audience_signups (name, username, email) values ($1, 'fan', $2)`,
        [name, email],
      ),
    ],
    contact_submissions: [
      await q(
        `insert into public.contact_submissions (name, email, comment) values ($1, $2, 'Hello')`,
        [name, email],
      ),
    ],
    team_applications: [
      await q(
        `insert into public.team_applications (name, email, role) values ($1, $2, 'writer')`,
        [name, email],
      ),
    ],
    quiz_entries: [
      await q(
        `insert into public.quiz_entries (name, email, score, run_id) values ($1, $2, 10, $3)`,
        [name, email, runId],
      ),
    ],
    quiz_runs: [runId],
    giveaway_draws: [
      await q(
        `insert into public.giveaway_draws
           (month, winner_name, winner_email, candidate_count, drawn_by, reason)
         values (${month}, $1, $2, 1, gen_random_uuid(), 'Monthly draw')`,
        [name, email],
      ),
    ],
    giveaway_exclusions: [
      await q(
        `insert into public.giveaway_exclusions
           (month, quiz_entry_id, name, email, reason, excluded_by)
         values (${month}, (random() * 1e9)::bigint, $1, $2, 'Shared device', gen_random_uuid())`,
        [name, email],
      ),
    ],
    newsletter_deliveries: [
      await q(
        `insert into public.newsletter_deliveries (send_id, address, state, sent_at)
         values ($1, lower($2), 'sent', now())`,
        [sendId, email],
      ),
    ],
  }
  await server.adminPool.query(
    `insert into public.newsletter_suppressions (address, reason, send_id)
     values (lower($1), 'unsubscribed', $2)`,
    [email, sendId],
  )
  return { ids, sendId }
}

const KINDS = [
  'fan_club_signups',
  'merch_waitlist',
  'audience_signups',
  'contact_submissions',
  'team_applications',
  'quiz_entries',
  'quiz_runs',
  'giveaway_draws',
  'giveaway_exclusions',
  'newsletter_deliveries',
  'newsletter_suppressions',
]

interface Export {
  address: string
  kinds: string[]
  counts: Record<string, number>
  rows: Record<string, { id?: number | string; address?: string }[]>
}

async function auditRows(key: string) {
  const { rows } = await server.adminPool.query<{
    action: string
    row_count: number
    counts: Record<string, number>
    done_by: string
    text: string
  }>(
    `select action, row_count, counts, done_by::text, a::text as text
       from public.fan_data_audit a where address_key = $1 order by id`,
    [key],
  )
  return rows
}

describe('fan_data_export', () => {
  it('gives an admin exactly the rows stored about an address, matched trimmed and in any case', async () => {
    const m = marker()
    const email = `Fan.${m}@Example.com`
    const mine = await arrange(email, 'Ada')
    await arrange(`other.${m}@example.com`, 'Bo')
    const sub = crypto.randomUUID()
    const admin = server.client('admin', { sub })

    const { data, error } = await admin.rpc('fan_data_export', {
      p_email: `  FAN.${m}@EXAMPLE.COM `,
    })
    expect(error).toBeNull()
    const exported = data as Export
    expect(exported.address).toBe(`fan.${m}@example.com`)
    expect(exported.kinds).toEqual(KINDS)
    expect(Object.keys(exported.counts).sort()).toEqual([...KINDS].sort())
    for (const kind of KINDS.filter((k) => k !== 'newsletter_suppressions')) {
      expect(
        exported.rows[kind]!.map((r) => String(r.id)),
        kind,
      ).toEqual(mine.ids[kind])
      expect(exported.counts[kind], kind).toBe(1)
    }
    expect(exported.rows.newsletter_suppressions).toEqual([
      expect.objectContaining({ address: `fan.${m}@example.com`, reason: 'unsubscribed' }),
    ])
    expect(exported.rows.newsletter_deliveries![0]).toMatchObject({ subject: 'News for Ada' })
    expect(exported.rows.fan_club_signups![0]).toMatchObject({ name: 'Ada', email })

    const audit = await auditRows(keyOf(email))
    expect(audit).toEqual([
      expect.objectContaining({ action: 'export', row_count: 11, done_by: sub }),
    ])
    expect(audit[0]!.text.toLowerCase()).not.toContain(`fan.${m}`)
  })

  it('finds nothing for an address never stored, and still records the request', async () => {
    const email = `nobody.${marker()}@example.com`
    const { data, error } = await server.client('admin').rpc('fan_data_export', { p_email: email })
    expect(error).toBeNull()
    expect((data as Export).counts).toEqual(Object.fromEntries(KINDS.map((k) => [k, 0])))
    expect(await auditRows(keyOf(email))).toEqual([
      expect.objectContaining({ action: 'export', row_count: 0 }),
    ])
  })

  it('refuses what cannot be an address with 22023', async () => {
    const { error } = await server.client('admin').rpc('fan_data_export', { p_email: '  ' })
    expect(error?.code).toBe('22023')
  })
})

describe('fan_data_delete', () => {
  it('erases the address’s rows and only them, keeps its suppression keyed, and logs the count', async () => {
    const m = marker()
    const email = `Erase.${m}@Example.com`
    const mine = await arrange(email, 'Cy')
    const other = await arrange(`keep.${m}@example.com`, 'Di')
    const sub = crypto.randomUUID()

    const { data, error } = await server
      .client('admin', { sub })
      .rpc('fan_data_delete', { p_email: `erase.${m}@example.com` })
    expect(error).toBeNull()
    expect(data).toEqual(Object.fromEntries(KINDS.map((k) => [k, 1])))

    const after = await server
      .client('admin')
      .rpc('fan_data_export', { p_email: `erase.${m}@example.com` })
    const counts = (after.data as Export).counts
    expect(counts).toEqual({
      ...Object.fromEntries(KINDS.map((k) => [k, 0])),
      newsletter_suppressions: 1,
    })
    // The one left is the kept suppression, under the address's key.
    expect((after.data as Export).rows.newsletter_suppressions).toEqual([
      expect.objectContaining({ address: keyOf(email), reason: 'unsubscribed' }),
    ])
    // The giveaway log keeps its draws, without the winner.
    const { rows: draws } = await server.adminPool.query(
      'select winner_name, winner_email, reason from public.giveaway_draws where id = $1',
      [mine.ids.giveaway_draws![0]],
    )
    expect(draws).toEqual([
      { winner_name: 'Erased', winner_email: keyOf(email), reason: 'Monthly draw' },
    ])

    const left = await server
      .client('admin')
      .rpc('fan_data_export', { p_email: `keep.${m}@example.com` })
    for (const kind of KINDS.filter((k) => k !== 'newsletter_suppressions')) {
      expect(
        (left.data as Export).rows[kind]!.map((r) => String(r.id)),
        kind,
      ).toEqual(other.ids[kind])
    }
    expect((left.data as Export).counts.newsletter_suppressions).toBe(1)

    const audit = await auditRows(keyOf(email))
    expect(audit.map((a) => [a.action, a.row_count, a.done_by])).toEqual([
      ['delete', 10, sub],
      ['export', 1, expect.any(String)],
    ])
    expect(audit[0]!.counts).toEqual(
      Object.fromEntries(KINDS.filter((k) => k !== 'newsletter_suppressions').map((k) => [k, 1])),
    )
    for (const a of audit) expect(a.text.toLowerCase()).not.toContain(`erase.${m}`)
  })

  it('never mails an erased, unsubscribed address again until it signs up and confirms anew', async () => {
    const m = marker()
    const email = `gone.${m}@example.com`
    const { sendId } = await arrange(email, 'Ed')
    const { error } = await server.client('admin').rpc('fan_data_delete', { p_email: email })
    expect(error).toBeNull()

    // The address comes back (an old list, someone else's form): its delivery is born suppressed.
    const { rows } = await server.adminPool.query<{ state: string }>(
      `insert into public.newsletter_deliveries (send_id, address) values ($1, $2)
       returning state`,
      [sendId, email],
    )
    expect(rows).toEqual([{ state: 'suppressed' }])

    // The fan signs up again and confirms: asking for mail again lifts the unsubscribe.
    const signup = await one(
      `insert into public.fan_club_signups (name, email) values ('Ed', $1) returning id::text as id`,
      [email.toUpperCase()],
    )
    await server.adminPool.query(
      'update public.fan_club_signups set confirmed_at = now() where id = $1',
      [signup],
    )
    const { rows: kept } = await server.adminPool.query(
      'select 1 from public.newsletter_suppressions where address = $1',
      [keyOf(email)],
    )
    expect(kept).toEqual([])
  })

  it('leaves the giveaway log append-only outside an erasure', async () => {
    const m = marker()
    const { ids } = await arrange(`log.${m}@example.com`, 'Flo')
    const c = await server.adminPool.connect()
    try {
      await c.query('begin')
      await c.query(`select set_config('rent_due.fan_data_erasure', 'on', true)`)
      await expect(
        c.query(`update public.giveaway_draws set reason = 'changed' where id = $1`, [
          ids.giveaway_draws![0],
        ]),
      ).rejects.toMatchObject({ code: '42501' })
    } finally {
      await c.query('rollback')
      c.release()
    }
  })
})

describe('who may ask', () => {
  it('refuses anon and signed-in non-admins with 42501, and shows them no audit rows', async () => {
    const m = marker()
    const email = `kept.${m}@example.com`
    const mine = await arrange(email, 'Gil')
    for (const kind of ['anon', 'authenticated'] as const) {
      const client = server.client(kind)
      for (const fn of ['fan_data_export', 'fan_data_delete']) {
        const { data, error } = await client.rpc(fn, { p_email: email })
        expect(data, `${kind} ${fn}`).toBeNull()
        expect(error?.code, `${kind} ${fn}`).toBe('42501')
      }
    }
    const plain = await server.client('authenticated').from('fan_data_audit').select('*')
    expect(plain.error).toBeNull()
    expect(plain.data).toEqual([])
    const anon = await server.client('anon').from('fan_data_audit').select('*')
    expect(anon.error?.code).toBe('42501')

    const { data } = await server.client('admin').rpc('fan_data_export', { p_email: email })
    expect((data as Export).rows.fan_club_signups!.map((r) => String(r.id))).toEqual(
      mine.ids.fan_club_signups,
    )
    const log = await server.client('admin').from('fan_data_audit').select('action, address_key')
    expect(log.error).toBeNull()
    expect(log.data).toContainEqual({ action: 'export', address_key: keyOf(email) })
  })
})
