// Migrations 0007, 0009 and 0023 (decisions 170, 333): the dashboard counts, this month's
// giveaway candidates, the draw and the re-draw with their reasons, and exclusions, through
// supabase-js as anon, a signed-in non-admin and an admin. Rows are arranged with the admin pool;
// the draw log is checked there too.
import crypto from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server?.close()
})

/**
 * Draws and exclusions are append-only (migrations 0009, 0023): only a superuser arranging a
 * test may clear them, and only by switching triggers off for its own transaction.
 */
async function clearLog(): Promise<void> {
  await server.adminPool.query(
    `begin; set local session_replication_role = replica;
     delete from public.giveaway_draws; delete from public.giveaway_exclusions; commit`,
  )
}

beforeEach(async () => {
  await clearLog()
  await server.adminPool.query('delete from public.quiz_entries')
})

const marker = () => crypto.randomBytes(4).toString('hex')

/** Inserts quiz entries directly (the API cannot): [name, email, score, created_at SQL]. */
async function entries(rows: [string, string, number, string][]): Promise<number[]> {
  const ids: number[] = []
  for (const [name, email, score, at] of rows) {
    const { rows: r } = await server.adminPool.query<{ id: string }>(
      `insert into public.quiz_entries (name, email, score, created_at)
       values ($1, $2, $3, ${at}) returning id`,
      [name, email, score],
    )
    ids.push(Number(r[0]!.id))
  }
  return ids
}

const THIS_MONTH = `date_trunc('month', now(), 'UTC') + interval '1 second'`
const LAST_MONTH = `date_trunc('month', now(), 'UTC') - interval '1 day'`

describe('giveaway_candidates', () => {
  it('an admin sees this month’s perfect scores, the earliest per e-mail case-insensitively', async () => {
    const m = marker()
    const [first, , other] = await entries([
      ['Ada', `ada-${m}@example.com`, 10, THIS_MONTH],
      ['Ada Again', `ADA-${m}@Example.com`, 10, `${THIS_MONTH} + interval '1 hour'`],
      ['Bo', `bo-${m}@example.com`, 10, THIS_MONTH],
      ['Nine', `nine-${m}@example.com`, 9, THIS_MONTH],
      ['Old', `old-${m}@example.com`, 10, LAST_MONTH],
    ])
    const admin = server.client('admin')
    const { data, error } = await admin
      .from('giveaway_candidates')
      .select('quiz_entry_id, name, email, score')
      .order('quiz_entry_id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { quiz_entry_id: first, name: 'Ada', email: `ada-${m}@example.com`, score: 10 },
      { quiz_entry_id: other, name: 'Bo', email: `bo-${m}@example.com`, score: 10 },
    ])
  })

  it('a signed-in non-admin sees no rows; anon is refused', async () => {
    await entries([['Ada', `ada-${marker()}@example.com`, 10, THIS_MONTH]])
    const plain = await server.client('authenticated').from('giveaway_candidates').select('*')
    expect(plain.error).toBeNull()
    expect(plain.data).toEqual([])
    const anon = await server.client('anon').from('giveaway_candidates').select('*')
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe('42501')
  })
})

describe('draw_giveaway()', () => {
  it('anon and a non-admin get 42501 and nothing is recorded', async () => {
    await entries([['Ada', `ada-${marker()}@example.com`, 10, THIS_MONTH]])
    const anon = await server.client('anon').rpc('draw_giveaway')
    expect(anon.error?.code).toBe('42501')
    expect(anon.status).toBe(401)
    const plain = await server.client('authenticated').rpc('draw_giveaway')
    expect(plain.error?.code).toBe('42501')
    expect(plain.error?.message).toBe('only admins may draw the giveaway')
    expect(plain.status).toBe(403)
    const { rows } = await server.adminPool.query('select count(*)::int as n from giveaway_draws')
    expect(rows[0].n).toBe(0)
  })

  it('an admin draws a perfect scorer of this month, one entry per e-mail, and it is recorded', async () => {
    const m = marker()
    const [ada, , bo] = await entries([
      ['Ada', `ada-${m}@example.com`, 10, THIS_MONTH],
      ['Ada Again', `ADA-${m}@example.com`, 10, `${THIS_MONTH} + interval '1 hour'`],
      ['Bo', `bo-${m}@example.com`, 10, THIS_MONTH],
      ['Nine', `nine-${m}@example.com`, 9, THIS_MONTH],
      ['Old', `old-${m}@example.com`, 10, LAST_MONTH],
    ])
    const sub = crypto.randomUUID()
    const email = `boss-${m}@example.com`
    const admin = server.client('admin', { sub, claims: { email } })
    const winners = new Set<number>()
    for (let i = 0; i < 12; i++) {
      // Each a month's first draw: a second one would be a re-draw.
      if (i > 0) await clearLog()
      const { data, error } = await admin.rpc('draw_giveaway')
      expect(error).toBeNull()
      expect(data.candidate_count).toBe(2)
      expect(data.drawn_by).toBe(sub)
      expect(data.drawn_by_email).toBe(email)
      expect([ada, bo]).toContain(data.quiz_entry_id)
      winners.add(data.quiz_entry_id as number)
    }
    // 12 fair draws between two candidates all landing on one: 1 in 2,048.
    expect(winners.size).toBe(2)
    const { rows } = await server.adminPool.query(
      `select d.quiz_entry_id::int as entry, d.winner_email, d.drawn_by::text as by,
              d.month = date_trunc('month', now(), 'UTC')::date as this_month,
              d.drawn_at > now() - interval '1 minute' as recent
         from giveaway_draws d order by d.id limit 1`,
    )
    expect(rows[0]).toMatchObject({ by: sub, this_month: true, recent: true })
    expect([ada, bo]).toContain(rows[0].entry)
    const read = await admin.from('giveaway_draws').select('id')
    expect(read.data).toHaveLength(1)
    const plainRead = await server.client('authenticated').from('giveaway_draws').select('id')
    expect(plainRead.data).toEqual([])
  })

  it('with no perfect score this month: 404 PT404 and nothing recorded', async () => {
    await entries([
      ['Nine', `nine-${marker()}@example.com`, 9, THIS_MONTH],
      ['Old', `old-${marker()}@example.com`, 10, LAST_MONTH],
    ])
    const { data, error, status } = await server.client('admin').rpc('draw_giveaway')
    expect(data).toBeNull()
    expect(status).toBe(404)
    expect(error?.code).toBe('PT404')
    expect(error?.message).toBe('No perfect scores this month')
    const { rows } = await server.adminPool.query('select count(*)::int as n from giveaway_draws')
    expect(rows[0].n).toBe(0)
  })

  it('API roles cannot write giveaway_draws directly', async () => {
    const row = {
      month: '2026-01-01',
      winner_name: 'Me',
      winner_email: 'me@example.com',
      candidate_count: 1,
      drawn_by: crypto.randomUUID(),
    }
    for (const kind of ['anon', 'authenticated', 'admin'] as const) {
      const { error } = await server.client(kind).from('giveaway_draws').insert(row)
      expect(error?.code).toBe('42501')
    }
  })
})

describe('the re-draw and exclusions', () => {
  it('a re-draw needs a reason, picks another entry, and is logged with it', async () => {
    const m = marker()
    const [ada, bo] = await entries([
      ['Ada', `ada-${m}@example.com`, 10, THIS_MONTH],
      ['Bo', `bo-${m}@example.com`, 10, THIS_MONTH],
    ])
    const admin = server.client('admin', { claims: { email: `boss-${m}@example.com` } })
    const first = await admin.rpc('draw_giveaway', { p_reason: 'Monthly draw' })
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({
      reason: 'Monthly draw',
      redraw_of: null,
      candidate_count: 2,
    })

    const unexplained = await admin.rpc('draw_giveaway')
    expect(unexplained.error).toMatchObject({ code: '22023', message: 'A re-draw needs a reason' })
    const blank = await admin.rpc('draw_giveaway', { p_reason: '   ' })
    expect(blank.error?.message).toBe('A re-draw needs a reason')

    const again = await admin.rpc('draw_giveaway', { p_reason: 'The winner did not answer' })
    expect(again.error).toBeNull()
    expect(again.data).toMatchObject({
      reason: 'The winner did not answer',
      redraw_of: first.data.id,
      candidate_count: 1,
    })
    expect(again.data.quiz_entry_id).toBe(first.data.quiz_entry_id === ada ? bo : ada)

    // Both winners of the month are out: nobody is left to draw.
    const none = await admin.rpc('draw_giveaway', { p_reason: 'Again' })
    expect([none.status, none.error?.code]).toEqual([404, 'PT404'])
    const { rows } = await server.adminPool.query(
      'select reason, redraw_of::int as redraw_of from giveaway_draws order by id',
    )
    expect(rows).toEqual([
      { reason: 'Monthly draw', redraw_of: null },
      { reason: 'The winner did not answer', redraw_of: first.data.id },
    ])
  })

  it('an excluded entry is never drawn; the exclusion is kept with its reason, for good', async () => {
    const m = marker()
    const [ada, bo] = await entries([
      ['Ada', `ada-${m}@example.com`, 10, THIS_MONTH],
      ['Bo', `bo-${m}@example.com`, 10, THIS_MONTH],
    ])
    const admin = server.client('admin', { claims: { email: `boss-${m}@example.com` } })
    const noReason = await admin.rpc('exclude_giveaway_entry', {
      p_quiz_entry_id: bo,
      p_reason: ' ',
    })
    expect(noReason.error).toMatchObject({
      code: '22023',
      message: 'An exclusion needs a reason (1 to 500 characters)',
    })
    const plain = await server
      .client('authenticated')
      .rpc('exclude_giveaway_entry', { p_quiz_entry_id: bo, p_reason: 'Farm' })
    expect(plain.error?.code).toBe('42501')
    const excluded = await admin.rpc('exclude_giveaway_entry', {
      p_quiz_entry_id: bo,
      p_reason: 'Three addresses from one connection',
    })
    expect(excluded.error).toBeNull()
    expect(excluded.data).toMatchObject({
      quiz_entry_id: bo,
      email: `bo-${m}@example.com`,
      reason: 'Three addresses from one connection',
      excluded_by_email: `boss-${m}@example.com`,
    })
    const twice = await admin.rpc('exclude_giveaway_entry', { p_quiz_entry_id: bo, p_reason: 'x' })
    expect(twice.error?.message).toBe('That entry is already excluded this month')
    const missing = await admin.rpc('exclude_giveaway_entry', {
      p_quiz_entry_id: -1,
      p_reason: 'x',
    })
    expect([missing.status, missing.error?.code]).toEqual([404, 'PT404'])

    const { data: candidates } = await admin
      .from('giveaway_candidates')
      .select('quiz_entry_id, excluded_reason, won_this_month')
      .order('quiz_entry_id')
    expect(candidates).toEqual([
      { quiz_entry_id: ada, excluded_reason: null, won_this_month: false },
      {
        quiz_entry_id: bo,
        excluded_reason: 'Three addresses from one connection',
        won_this_month: false,
      },
    ])
    for (let i = 0; i < 5; i++) {
      if (i > 0)
        await server.adminPool.query(
          `begin; set local session_replication_role = replica; delete from public.giveaway_draws; commit`,
        )
      const { data } = await admin.rpc('draw_giveaway', { p_reason: 'Monthly draw' })
      expect(data).toMatchObject({ quiz_entry_id: ada, candidate_count: 1 })
    }
    const change = await server.adminPool
      .query(`update public.giveaway_exclusions set reason = 'never mind'`)
      .catch((e: { code?: string }) => e.code)
    expect(change).toBe('42501')
    const read = await server.client('authenticated').from('giveaway_exclusions').select('id')
    expect(read.data).toEqual([])
  })
})

describe('admin_signup_counts()', () => {
  it("counts 'today' by the team member's own calendar when given a time zone", async () => {
    await server.adminPool.query('delete from public.fan_club_signups')
    // Just after midnight in Kiritimati (UTC+14) is still yesterday in UTC, so: today there, not
    // in UTC (unless UTC's day began less than 14 hours ago, when both agree it is today).
    const { rows } = await server.adminPool.query<{ at: Date; utc_today: boolean }>(
      `insert into public.fan_club_signups (name, email, created_at)
       values ('K', 'k@example.com', date_trunc('day', now(), 'Pacific/Kiritimati') + interval '1 minute')
       returning created_at as at, created_at >= date_trunc('day', now(), 'UTC') as utc_today`,
    )
    const admin = server.client('admin')
    const local = await admin.rpc('admin_signup_counts', { p_time_zone: 'Pacific/Kiritimati' })
    expect(local.data[0]).toMatchObject({ table_name: 'fan_club_signups', today: 1 })
    const utc = await admin.rpc('admin_signup_counts')
    expect(utc.data[0]).toMatchObject({ today: rows[0]!.utc_today ? 1 : 0 })
    const bad = await admin.rpc('admin_signup_counts', { p_time_zone: 'Mars/Olympus' })
    expect([bad.status, bad.error?.code]).toEqual([400, '22023'])
  })

  it('counts today, this week and all time per table for an admin; zeros for others', async () => {
    await server.adminPool.query('delete from public.fan_club_signups')
    await server.adminPool.query(
      `insert into public.fan_club_signups (name, email, created_at) values
         ('A', 'a@example.com', now()),
         ('B', 'b@example.com', now() - interval '400 days')`,
    )
    await entries([['Q', 'q@example.com', 3, 'now()']])
    const { data, error } = await server.client('admin').rpc('admin_signup_counts')
    expect(error).toBeNull()
    expect(data.map((r: { table_name: string }) => r.table_name)).toEqual([
      'fan_club_signups',
      'contact_submissions',
      'team_applications',
      'audience_signups',
      'quiz_entries',
      'merch_waitlist',
    ])
    expect(data[0]).toEqual({
      table_name: 'fan_club_signups',
      today: 1,
      this_week: 1,
      all_time: 2,
    })
    expect(data[4]).toMatchObject({ today: 1, this_week: 1, all_time: 1 })
    const plain = await server.client('authenticated').rpc('admin_signup_counts')
    expect(plain.data[0]).toEqual({
      table_name: 'fan_club_signups',
      today: 0,
      this_week: 0,
      all_time: 0,
    })
    const anon = await server.client('anon').rpc('admin_signup_counts')
    expect(anon.error?.code).toBe('42501')
  })
})
