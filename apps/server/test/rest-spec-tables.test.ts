// Every table call of docs/product/api.md, made the way the site makes it (supabase-js, anon key)
// against the product schema in supabase/migrations with the seed loaded: the five sign-up inserts
// (201, row stored, nothing readable back), the news list by date descending, the episodes by
// episode_number, and the quiz save through rpc (quiz_entries is never written directly).
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.js'

let server: TestServer
let anon: SupabaseClient
let user: SupabaseClient
let admin: SupabaseClient

beforeAll(async () => {
  server = await startTestServer({ seed: true })
  anon = server.client('anon')
  user = server.client('authenticated')
  admin = server.client('admin')
})

afterAll(async () => {
  await server?.close()
})

const SIGNUPS: [string, Record<string, unknown>, string][] = [
  ['fan_club_signups', { name: 'Fan', email: 'fan@example.com' }, 'name, email'],
  [
    'contact_submissions',
    { name: 'Fan', email: 'fan@example.com', comment: 'Pay your rent, Dez.' },
    'name, email, comment',
  ],
  [
    'audience_signups',
    { name: 'Fan', username: 'rentfan', email: 'fan@example.com' },
    'name, username, email',
  ],
  [
    'team_applications',
    { name: 'Fan', email: 'fan@example.com', instagram: null, role: 'street team', comments: null },
    'name, email, instagram, role, comments',
  ],
  ['merch_waitlist', { email: 'fan@example.com' }, 'email'],
]

describe('the sign-up forms (write-only for visitors)', () => {
  it.each(SIGNUPS)(
    'anon inserts into %s: 201, no body, the row is stored',
    async (table, row, cols) => {
      const res = await anon.from(table).insert(row)
      expect(res).toMatchObject({ status: 201, data: null, error: null })
      const { rows } = await server.adminPool.query(`select ${cols} from public.${table}`)
      expect(rows).toEqual([row])
    },
  )

  it.each(SIGNUPS)('anon cannot read %s back (401 42501)', async (table) => {
    const { data, error, status } = await anon.from(table).select('*')
    expect(status).toBe(401)
    expect(data).toBeNull()
    expect(error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: `permission denied for table ${table}`,
    })
  })

  it.each(SIGNUPS)(
    'a signed-in visitor reads nothing from %s; an admin reads it',
    async (table) => {
      const mine = await user.from(table).select('*')
      expect(mine).toMatchObject({ status: 200, data: [], error: null })
      const all = await admin.from(table).select('email')
      expect(all.data).toEqual([{ email: 'fan@example.com' }])
    },
  )

  it.each(SIGNUPS)('anon cannot change or delete rows of %s', async (table) => {
    const upd = await anon.from(table).update({ email: 'x@example.com' }).neq('email', '')
    expect(upd.status).toBe(401)
    const del = await anon.from(table).delete().neq('email', '')
    expect(del.status).toBe(401)
    const { rows } = await server.adminPool.query(`select email from public.${table}`)
    expect(rows).toEqual([{ email: 'fan@example.com' }])
  })

  it('a form value breaking a constraint is 400 with the constraint named', async () => {
    const { status, error } = await anon.from('team_applications').insert({
      name: 'Fan',
      email: 'fan@example.com',
      instagram: null,
      role: 'landlord',
      comments: null,
    })
    expect(status).toBe(400)
    expect(error).toMatchObject({
      code: '23514',
      message:
        'new row for relation "team_applications" violates check constraint "team_applications_role_known"',
    })
  })
})

describe('content lists', () => {
  it('news: select all, ordered by date descending, as stored', async () => {
    const { data, error, status } = await anon
      .from('news')
      .select('*')
      .order('date', { ascending: false })
    expect(error).toBeNull()
    expect(status).toBe(200)
    const { rows } = await server.adminPool.query<{ json: unknown[] }>(
      `select json_agg(n order by n.date desc, n.id) as json from public.news n`,
    )
    const expected = rows[0]?.json ?? []
    expect(expected.length).toBeGreaterThan(0)
    expect((data as { date: string }[]).map((r) => r.date)).toEqual(
      (expected as { date: string }[]).map((r) => r.date),
    )
    expect(new Set(data)).toEqual(new Set(expected))
  })

  it('episodes: select all, ordered by episode_number ascending', async () => {
    const { data, error } = await anon
      .from('episodes')
      .select('*')
      .order('episode_number', { ascending: true })
    expect(error).toBeNull()
    const { rows } = await server.adminPool.query<{ json: unknown[] }>(
      `select json_agg(e order by e.episode_number) as json from public.episodes e`,
    )
    expect(data).toEqual(rows[0]?.json)
    expect((data as unknown[]).length).toBeGreaterThan(0)
  })

  it('visitors cannot write news; an admin can', async () => {
    const denied = await anon
      .from('news')
      .insert({ date: '2024-01-01', headline: 'h', summary: 's' })
    expect(denied.status).toBe(401)
    const added = await admin
      .from('news')
      .insert({ date: '2030-01-01', headline: 'Season 3', summary: 'Coming soon.' })
      .select('headline')
      .single()
    expect(added).toMatchObject({ status: 201, data: { headline: 'Season 3' } })
    const first = await anon
      .from('news')
      .select('headline')
      .order('date', { ascending: false })
      .limit(1)
    expect(first.data).toEqual([{ headline: 'Season 3' }])
  })
})

describe('quiz (saved through rpc)', () => {
  it('the answer column cannot be read; start_quiz and answer_quiz run through rpc', async () => {
    const star = await anon.from('quiz_questions').select('*')
    expect(star.status).toBe(401)
    expect(star.error?.code).toBe('42501')
    const safe = await anon.from('quiz_questions').select('id, question, options').limit(1)
    expect(safe.error).toBeNull()
    expect(Object.keys((safe.data as object[])[0] as object)).toEqual(['id', 'question', 'options'])

    const started = await anon.rpc('start_quiz', { p_name: 'Fan', p_email: 'fan@example.com' })
    expect(started.error).toBeNull()
    const run = started.data as { run_id: string; questions: { id: number }[] }
    expect(run.questions).toHaveLength(10)
    const answered = await anon.rpc('answer_quiz', {
      p_run_id: run.run_id,
      p_question_id: run.questions[0]?.id,
      p_choice: 0,
    })
    expect(answered.error).toBeNull()
    expect(answered.data).toMatchObject({ answered: 1, finished: false })
    const direct = await anon
      .from('quiz_entries')
      .insert({ name: 'Fan', email: 'fan@example.com', score: 10 })
    expect(direct.status).toBe(401)
  })
})
