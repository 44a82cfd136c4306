// The database's own guarantees, checked in SQL the way the API reaches it: each case runs in a
// transaction that switches to an API role and publishes JWT claims (as PostgREST does), and is
// rolled back afterwards, so cases never see each other's rows. What is checked here holds on
// every deployment (embedded, DATABASE_URL, hosted Supabase) because it lives in the migrations.
import type { PoolClient } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './support/test-server.js'

type Caller = 'anon' | 'authenticated' | 'admin' | 'service_role'

const CLAIMS: Record<Caller, { role: string } & Record<string, unknown>> = {
  anon: { role: 'anon' },
  authenticated: {
    role: 'authenticated',
    sub: '00000000-0000-4000-8000-000000000001',
    email: 'fan@example.com',
    app_metadata: { provider: 'email' },
  },
  admin: {
    role: 'authenticated',
    sub: '00000000-0000-4000-8000-000000000002',
    email: 'admin@example.com',
    app_metadata: { provider: 'email', role: 'admin' },
  },
  service_role: { role: 'service_role' },
}

const WRITE_ONLY_TABLES = [
  'fan_club_signups',
  'contact_submissions',
  'audience_signups',
  'team_applications',
  'merch_waitlist',
] as const

/** A valid row for each public form, as the site would send it. */
const VALID_ROWS: Record<(typeof WRITE_ONLY_TABLES)[number], Record<string, unknown>> = {
  fan_club_signups: { name: 'Fan', email: 'fan@example.com' },
  contact_submissions: { name: 'Fan', email: 'fan@example.com', comment: 'Pay your rent, Dez.' },
  audience_signups: { name: 'Fan', username: 'rentfan', email: 'fan@example.com' },
  team_applications: {
    name: 'Fan',
    email: 'fan@example.com',
    instagram: null,
    role: 'street team',
    comments: null,
  },
  merch_waitlist: { email: 'fan@example.com' },
}

let server: Awaited<ReturnType<typeof startTestServer>>

beforeAll(async () => {
  server = await startTestServer({ seed: true })
})

afterAll(async () => {
  await server?.close()
})

/** Runs fn as the caller inside a transaction that is always rolled back. */
async function asCaller<T>(caller: Caller, fn: (db: PoolClient) => Promise<T>): Promise<T> {
  const db = await server.adminPool.connect()
  try {
    await db.query('begin')
    const claims = CLAIMS[caller]
    await db.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('search_path', 'public, extensions', true)`,
      [claims.role, JSON.stringify(claims)],
    )
    return await fn(db)
  } finally {
    await db.query('rollback').catch(() => undefined)
    db.release()
  }
}

/** Back to the admin connection's own (superuser) identity inside the current transaction. */
async function asOwner(db: PoolClient): Promise<void> {
  await db.query('set local role none')
}

function insertSql(table: string, row: Record<string, unknown>, returning = '1') {
  const cols = Object.keys(row)
  return {
    text: `insert into public.${table} (${cols.join(', ')})
           values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning ${returning}`,
    values: Object.values(row),
  }
}

async function pgError(p: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await p
  } catch (e) {
    const err = e as { code?: string; message: string }
    return { code: err.code, message: err.message }
  }
  throw new Error('expected the statement to fail')
}

describe('row level security and grants', () => {
  it('has RLS enabled on every table in public and storage', async () => {
    const { rows } = await server.adminPool.query<{ name: string; rls: boolean }>(
      `select n.nspname || '.' || c.relname as name, c.relrowsecurity as rls
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'storage') and c.relkind in ('r', 'p')
        order by 1`,
    )
    expect(rows.filter((r) => !r.rls).map((r) => r.name)).toEqual([])
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'public.audience_signups',
        'public.contact_submissions',
        'public.episodes',
        'public.fan_club_signups',
        'public.merch_waitlist',
        'public.news',
        'public.quiz_entries',
        'public.quiz_questions',
        'public.quiz_run_answers',
        'public.quiz_runs',
        'public.team_applications',
      ]),
    )
  })

  it('creates the API roles as Supabase has them', async () => {
    const { rows } = await server.adminPool.query(
      `select rolname, rolcanlogin, rolinherit, rolbypassrls,
              pg_has_role('authenticator', rolname, 'member') as authenticator_member,
              (select array_to_string(setconfig, ',') from pg_db_role_setting
                where setrole = r.oid and setdatabase = 0) as settings
         from pg_roles r
        where rolname in ('anon', 'authenticated', 'service_role', 'authenticator')
        order by rolname`,
    )
    expect(rows).toEqual([
      {
        rolname: 'anon',
        rolcanlogin: false,
        rolinherit: false,
        rolbypassrls: false,
        authenticator_member: true,
        settings: 'statement_timeout=3s',
      },
      {
        rolname: 'authenticated',
        rolcanlogin: false,
        rolinherit: false,
        rolbypassrls: false,
        authenticator_member: true,
        settings: 'statement_timeout=8s',
      },
      {
        rolname: 'authenticator',
        rolcanlogin: true,
        rolinherit: false,
        rolbypassrls: false,
        authenticator_member: true,
        settings: null,
      },
      {
        rolname: 'service_role',
        rolcanlogin: false,
        rolinherit: false,
        rolbypassrls: true,
        authenticator_member: true,
        settings: null,
      },
    ])
  })

  it('lets only the quiz and admin functions be executed by the API roles', async () => {
    const { rows } = await server.adminPool.query<{ fn: string; anon: boolean; definer: boolean }>(
      `select p.proname as fn, has_function_privilege('anon', p.oid, 'execute') as anon,
              p.prosecdef as definer
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and (has_function_privilege('anon', p.oid, 'execute')
               or has_function_privilege('authenticated', p.oid, 'execute'))
        order by 1`,
    )
    expect(rows).toEqual([
      { fn: 'admin_signup_counts', anon: false, definer: false },
      { fn: 'answer_quiz', anon: true, definer: true },
      { fn: 'cancel_newsletter_send', anon: false, definer: true },
      { fn: 'draw_giveaway', anon: false, definer: true },
      { fn: 'exclude_giveaway_entry', anon: false, definer: true },
      { fn: 'fan_data_delete', anon: false, definer: true },
      { fn: 'fan_data_export', anon: false, definer: true },
      { fn: 'quiz_answer_key', anon: false, definer: true },
      { fn: 'schedule_newsletter_send', anon: false, definer: true },
      { fn: 'send_newsletter_test', anon: false, definer: true },
      { fn: 'set_track_order', anon: false, definer: false },
      { fn: 'start_quiz', anon: true, definer: true },
    ])
    const { rows: paths } = await server.adminPool.query<{ fn: string; config: string[] }>(
      `select proname as fn, proconfig as config from pg_proc
        where pronamespace = 'public'::regnamespace and prosecdef order by 1`,
    )
    for (const p of paths) expect(p.config).toEqual(['search_path=""'])
  })

  for (const table of WRITE_ONLY_TABLES) {
    describe(table, () => {
      it('accepts an insert from anon and authenticated, returning nothing', async () => {
        for (const caller of ['anon', 'authenticated'] as const) {
          const result = await asCaller(caller, (db) =>
            db.query(insertSql(table, VALID_ROWS[table])),
          )
          expect(result.rowCount).toBe(1)
        }
      })

      it('refuses to hand the inserted row back (no SELECT for visitors)', async () => {
        const anon = await pgError(
          asCaller('anon', (db) => db.query(insertSql(table, VALID_ROWS[table], '*'))),
        )
        expect(anon).toEqual({ code: '42501', message: `permission denied for table ${table}` })
        const user = await pgError(
          asCaller('authenticated', (db) => db.query(insertSql(table, VALID_ROWS[table], '*'))),
        )
        expect(user).toEqual({
          code: '42501',
          message: `new row violates row-level security policy for table "${table}"`,
        })
      })

      it('never lets anon read, change or delete rows', async () => {
        for (const sql of [
          `select * from public.${table}`,
          `select count(*) from public.${table}`,
          `update public.${table} set email = 'x@example.com'`,
          `delete from public.${table}`,
        ]) {
          const err = await pgError(asCaller('anon', (db) => db.query(sql)))
          expect(err).toEqual({ code: '42501', message: `permission denied for table ${table}` })
        }
      })

      it('shows a signed-in non-admin nothing, and lets them change nothing', async () => {
        await asCaller('authenticated', async (db) => {
          await asOwner(db)
          await db.query(insertSql(table, VALID_ROWS[table]))
          await db.query(`select set_config('role', 'authenticated', true)`)
          const { rows } = await db.query(`select * from public.${table}`)
          expect(rows).toEqual([])
        })
        for (const sql of [
          `update public.${table} set email = 'x@example.com'`,
          `delete from public.${table}`,
        ]) {
          const err = await pgError(asCaller('authenticated', (db) => db.query(sql)))
          expect(err).toEqual({ code: '42501', message: `permission denied for table ${table}` })
        }
      })

      it('shows admins every row', async () => {
        await asCaller('admin', async (db) => {
          await asOwner(db)
          await db.query(insertSql(table, { ...VALID_ROWS[table], email: 'seen@example.com' }))
          await db.query(`select set_config('role', 'authenticated', true)`)
          const { rows } = await db.query(`select email from public.${table}`)
          expect(rows).toEqual([{ email: 'seen@example.com' }])
        })
      })

      it('does not let visitors choose id or created_at', async () => {
        const withId = await pgError(
          asCaller('anon', (db) => db.query(insertSql(table, { ...VALID_ROWS[table], id: 42 }))),
        )
        expect(withId).toEqual({
          code: '428C9',
          message: 'cannot insert a non-DEFAULT value into column "id"',
        })
        const backdated = { ...VALID_ROWS[table], created_at: '2020-01-01T00:00:00Z' }
        const withDate = await pgError(
          asCaller('anon', (db) => db.query(insertSql(table, backdated))),
        )
        expect(withDate).toEqual({ code: '42501', message: `permission denied for table ${table}` })
      })

      it('rejects a second row with the same submission_id', async () => {
        const row = { ...VALID_ROWS[table], submission_id: '6f0b9c1e-8d43-4c55-9d0e-2f6a1b7c3d4e' }
        const err = await pgError(
          asCaller('anon', async (db) => {
            await db.query(insertSql(table, row))
            await db.query(insertSql(table, row))
          }),
        )
        expect(err).toEqual({
          code: '23505',
          message: `duplicate key value violates unique constraint "${table}_submission_id_key"`,
        })
      })
    })
  }

  it('lets nobody but the quiz functions write quiz_entries, quiz_runs or answers', async () => {
    for (const caller of ['anon', 'authenticated', 'admin'] as const) {
      for (const [table, row] of [
        ['quiz_entries', { name: 'Cheat', email: 'cheat@example.com', score: 10 }],
        ['quiz_runs', { name: 'Cheat', email: 'cheat@example.com', question_ids: [1] }],
      ] as const) {
        const err = await pgError(asCaller(caller, (db) => db.query(insertSql(table, row))))
        expect(err).toEqual({ code: '42501', message: `permission denied for table ${table}` })
      }
      const err = await pgError(
        asCaller(caller, (db) => db.query('update quiz_entries set score = 10')),
      )
      expect(err).toEqual({ code: '42501', message: 'permission denied for table quiz_entries' })
    }
  })

  it('serves the quiz bank without its answers', async () => {
    const hidden = await pgError(
      asCaller('anon', (db) => db.query('select correct_index from quiz_questions')),
    )
    expect(hidden).toEqual({ code: '42501', message: 'permission denied for table quiz_questions' })
    const { rows } = await asCaller('anon', (db) =>
      db.query('select id, question, options from quiz_questions'),
    )
    expect(rows).toHaveLength(34)
    const denied = await pgError(
      asCaller('authenticated', (db) => db.query('select * from quiz_questions')),
    )
    expect(denied).toEqual({ code: '42501', message: 'permission denied for table quiz_questions' })
    const key = await pgError(
      asCaller('authenticated', (db) => db.query('select * from quiz_answer_key()')),
    )
    expect(key).toEqual({ code: '42501', message: 'only admins may read the quiz answer key' })
    const adminKey = await asCaller('admin', (db) => db.query('select * from quiz_answer_key()'))
    expect(adminKey.rowCount).toBe(34)
  })

  it('lets everyone read news and episodes, and only admins change them', async () => {
    for (const caller of ['anon', 'authenticated'] as const) {
      await asCaller(caller, async (db) => {
        expect((await db.query('select * from news')).rowCount).toBeGreaterThanOrEqual(8)
        expect((await db.query('select * from episodes')).rowCount).toBe(4)
      })
    }
    const news = { date: '2026-11-01', headline: 'Bertha raises the rent', summary: 'Again.' }
    expect(await pgError(asCaller('anon', (db) => db.query(insertSql('news', news))))).toEqual({
      code: '42501',
      message: 'permission denied for table news',
    })
    expect(
      await pgError(asCaller('authenticated', (db) => db.query(insertSql('news', news)))),
    ).toEqual({
      code: '42501',
      message: 'new row violates row-level security policy for table "news"',
    })
    const quietly = await asCaller('authenticated', (db) => db.query('delete from news'))
    expect(quietly.rowCount).toBe(0)
    await asCaller('admin', async (db) => {
      const inserted = await db.query(insertSql('news', news, 'headline'))
      expect(inserted.rows).toEqual([{ headline: 'Bertha raises the rent' }])
      const updated = await db.query(`update episodes set title = 'Pilot' where episode_number = 1`)
      expect(updated.rowCount).toBe(1)
      expect((await db.query('delete from news')).rowCount).toBeGreaterThanOrEqual(9)
    })
  })
})

describe('constraints', () => {
  const long = (n: number) => 'x'.repeat(n)
  const email = (n: number) => `${long(n - '@example.com'.length)}@example.com`
  const cases: { what: string; table: string; row: Record<string, unknown>; constraint: string }[] =
    [
      {
        what: 'a blank name',
        table: 'fan_club_signups',
        row: { name: '   ', email: 'a@example.com' },
        constraint: 'domain person_name violates check constraint "person_name_length"',
      },
      {
        what: 'a 101-character name',
        table: 'fan_club_signups',
        row: { name: long(101), email: 'a@example.com' },
        constraint: 'domain person_name violates check constraint "person_name_length"',
      },
      {
        what: 'a name with a line break',
        table: 'fan_club_signups',
        row: { name: 'Dez\nDrop', email: 'a@example.com' },
        constraint: 'domain person_name violates check constraint "person_name_single_line"',
      },
      {
        what: 'an address without @',
        table: 'fan_club_signups',
        row: { name: 'Fan', email: 'fan.example.com' },
        constraint: 'domain email_address violates check constraint "email_address_format"',
      },
      {
        what: 'an address without a domain dot',
        table: 'contact_submissions',
        row: { name: 'Fan', email: 'fan@localhost', comment: 'Hi' },
        constraint: 'domain email_address violates check constraint "email_address_format"',
      },
      {
        what: 'an address with a space',
        table: 'audience_signups',
        row: { name: 'Fan', username: 'fan', email: 'fan @example.com' },
        constraint: 'domain email_address violates check constraint "email_address_format"',
      },
      {
        what: 'an address ending in a dot',
        table: 'merch_waitlist',
        row: { email: 'fan@example.com.' },
        constraint: 'domain email_address violates check constraint "email_address_format"',
      },
      {
        what: 'a 255-character address',
        table: 'merch_waitlist',
        row: { email: email(255) },
        constraint: 'domain email_address violates check constraint "email_address_length"',
      },
      {
        what: 'a blank comment',
        table: 'contact_submissions',
        row: { name: 'Fan', email: 'a@example.com', comment: ' ' },
        constraint:
          'relation "contact_submissions" violates check constraint "contact_submissions_comment_length"',
      },
      {
        what: 'a 5001-character comment',
        table: 'contact_submissions',
        row: { name: 'Fan', email: 'a@example.com', comment: long(5001) },
        constraint:
          'relation "contact_submissions" violates check constraint "contact_submissions_comment_length"',
      },
      {
        what: 'a 51-character username',
        table: 'audience_signups',
        row: { name: 'Fan', username: long(51), email: 'a@example.com' },
        constraint:
          'relation "audience_signups" violates check constraint "audience_signups_username_length"',
      },
      {
        what: 'an unknown team role',
        table: 'team_applications',
        row: { name: 'Fan', email: 'a@example.com', role: 'Writer' },
        constraint:
          'relation "team_applications" violates check constraint "team_applications_role_known"',
      },
      {
        what: 'a blank instagram',
        table: 'team_applications',
        row: { name: 'Fan', email: 'a@example.com', role: 'writer', instagram: '' },
        constraint:
          'relation "team_applications" violates check constraint "team_applications_instagram_length"',
      },
      {
        what: '2001 characters of comments',
        table: 'team_applications',
        row: { name: 'Fan', email: 'a@example.com', role: 'writer', comments: long(2001) },
        constraint:
          'relation "team_applications" violates check constraint "team_applications_comments_length"',
      },
    ]
  for (const c of cases) {
    it(`rejects ${c.what} in ${c.table}`, async () => {
      const err = await pgError(asCaller('anon', (db) => db.query(insertSql(c.table, c.row))))
      const prefix = c.constraint.startsWith('domain') ? 'value for ' : 'new row for '
      expect(err).toEqual({ code: '23514', message: prefix + c.constraint })
    })
  }

  it('rejects a missing required field', async () => {
    const err = await pgError(
      asCaller('anon', (db) =>
        db.query(insertSql('team_applications', { name: 'Fan', email: 'a@example.com' })),
      ),
    )
    expect(err).toEqual({
      code: '23502',
      message:
        'null value in column "role" of relation "team_applications" violates not-null constraint',
    })
  })

  it('accepts the longest allowed values and every team role', async () => {
    await asCaller('anon', async (db) => {
      await db.query(insertSql('fan_club_signups', { name: long(100), email: email(254) }))
      for (const role of [
        'voiceover artist',
        'licensing manager',
        'writer',
        'animator',
        'street team',
      ]) {
        await db.query(
          insertSql('team_applications', {
            name: 'Fan',
            email: 'a@example.com',
            role,
            instagram: long(100),
            comments: long(2000),
          }),
        )
      }
    })
  })

  it('keeps quiz scores between 0 and 10, even for service_role', async () => {
    for (const score of [-1, 11]) {
      const err = await pgError(
        asCaller('service_role', (db) =>
          db.query(insertSql('quiz_entries', { name: 'Fan', email: 'a@example.com', score })),
        ),
      )
      expect(err).toEqual({
        code: '23514',
        message:
          'new row for relation "quiz_entries" violates check constraint "quiz_entries_score_range"',
      })
    }
  })
})

describe('the graded quiz', () => {
  interface Started {
    run_id: string
    questions: { id: number; question: string; options: string[] }[]
  }

  async function start(db: PoolClient, name = 'Quiz Fan', mail = 'quiz@example.com') {
    const { rows } = await db.query<{ r: Started }>('select start_quiz($1, $2) as r', [name, mail])
    return rows[0]!.r
  }

  async function answer(db: PoolClient, run: string, question: number, choice: number) {
    const { rows } = await db.query<{ r: Record<string, unknown> }>(
      'select answer_quiz($1, $2, $3) as r',
      [run, question, choice],
    )
    return rows[0]!.r
  }

  it('serves 10 distinct questions with three options and no answers', async () => {
    const run = await asCaller('anon', (db) => start(db))
    expect(run.run_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(run.questions).toHaveLength(10)
    expect(new Set(run.questions.map((q) => q.id)).size).toBe(10)
    for (const q of run.questions) {
      expect(Object.keys(q).sort()).toEqual(['id', 'options', 'question'])
      expect(q.options).toHaveLength(3)
    }
  })

  it('grades a full run as anon and writes exactly one quiz_entries row', async () => {
    await asCaller('anon', async (db) => {
      const run = await start(db)
      await asOwner(db)
      const { rows: key } = await db.query<{ id: string; correct_index: number }>(
        'select id, correct_index from quiz_questions where id = any($1::bigint[])',
        [run.questions.map((q) => q.id)],
      )
      const correct = new Map(key.map((k) => [Number(k.id), k.correct_index]))
      await db.query(`select set_config('role', 'anon', true)`)
      // Right on the even questions, wrong on the odd ones: 5 points.
      let last: Record<string, unknown> = {}
      for (const [i, q] of run.questions.entries()) {
        const right = correct.get(q.id)!
        const choice = i % 2 === 0 ? right : (right + 1) % 3
        last = await answer(db, run.run_id, q.id, choice)
        expect(last).toEqual({
          correct_index: right,
          correct: i % 2 === 0,
          answered: i + 1,
          score: Math.floor(i / 2) + 1,
          finished: i === 9,
        })
      }
      expect(last).toMatchObject({ score: 5, finished: true })
      await asOwner(db)
      const { rows } = await db.query(
        'select name, email, score from quiz_entries where run_id = $1',
        [run.run_id],
      )
      expect(rows).toEqual([{ name: 'Quiz Fan', email: 'quiz@example.com', score: 5 }])
    })
  })

  it('refuses a second answer to the same question', async () => {
    const err = await pgError(
      asCaller('anon', async (db) => {
        const run = await start(db)
        await answer(db, run.run_id, run.questions[0]!.id, 0)
        await answer(db, run.run_id, run.questions[0]!.id, 1)
      }),
    )
    expect(err).toEqual({ code: 'P0001', message: 'question already answered' })
  })

  it('refuses an answer to a question that is not in the run', async () => {
    const err = await pgError(
      asCaller('anon', async (db) => {
        const run = await start(db)
        const { rows } = await db.query<{ id: string }>(
          'select id from quiz_questions where id <> all($1::bigint[]) limit 1',
          [run.questions.map((q) => q.id)],
        )
        await answer(db, run.run_id, Number(rows[0]!.id), 0)
      }),
    )
    expect(err).toEqual({ code: '22023', message: 'question is not part of this quiz run' })
  })

  it('refuses answers to a finished run', async () => {
    const err = await pgError(
      asCaller('anon', async (db) => {
        const run = await start(db)
        for (const q of run.questions) await answer(db, run.run_id, q.id, 0)
        await answer(db, run.run_id, run.questions[0]!.id, 1)
      }),
    )
    expect(err).toEqual({ code: 'P0001', message: 'quiz run is already finished' })
  })

  it('refuses answers to an expired run', async () => {
    const err = await pgError(
      asCaller('anon', async (db) => {
        const run = await start(db)
        await asOwner(db)
        await db.query(
          `update quiz_runs set expires_at = now() - interval '1 second' where id = $1`,
          [run.run_id],
        )
        await db.query(`select set_config('role', 'anon', true)`)
        await answer(db, run.run_id, run.questions[0]!.id, 0)
      }),
    )
    expect(err).toEqual({ code: 'P0001', message: 'quiz run has expired' })
  })

  it('refuses unknown runs, bad choices, blank names and bad addresses', async () => {
    const unknownRun = await pgError(
      asCaller('anon', (db) => answer(db, '00000000-0000-4000-8000-000000000000', 1, 0)),
    )
    expect(unknownRun).toEqual({ code: '22023', message: 'quiz run not found' })
    const badChoice = await pgError(
      asCaller('anon', async (db) => {
        const run = await start(db)
        await answer(db, run.run_id, run.questions[0]!.id, 3)
      }),
    )
    expect(badChoice).toEqual({ code: '22023', message: 'choice must be 0, 1 or 2' })
    expect(await pgError(asCaller('anon', (db) => start(db, '  ', 'a@example.com')))).toEqual({
      code: '22023',
      message: 'name must be 1 to 100 characters',
    })
    expect(await pgError(asCaller('anon', (db) => start(db, 'Fan', 'not-an-email')))).toEqual({
      code: '22023',
      message: 'email must be a valid e-mail address',
    })
  })
})

describe('seed', () => {
  it('holds the 34-question bank, at least 8 news items and the four episodes', async () => {
    const { rows } = await server.adminPool.query(
      `select (select count(*)::int from quiz_questions) as questions,
              (select count(*)::int from news) as news,
              (select count(distinct extract(month from date))::int from news) as news_months,
              (select json_agg(json_build_object('n', episode_number, 'title', title, 'thumbnail', thumbnail)
                               order by episode_number) from episodes) as episodes`,
    )
    expect(rows[0].questions).toBe(34)
    expect(rows[0].news).toBeGreaterThanOrEqual(8)
    expect(rows[0].news_months).toBeGreaterThanOrEqual(4)
    expect(rows[0].episodes).toEqual([
      { n: 1, title: 'Pilot: Rent Due', thumbnail: '/media/episodes/ep1.webp' },
      { n: 2, title: 'The Pyramid Is a Triangle', thumbnail: '/media/episodes/ep2.webp' },
      { n: 3, title: 'Hot Plate Kitchen', thumbnail: '/media/episodes/ep3.webp' },
      { n: 4, title: 'Roof Access Fee', thumbnail: '/media/episodes/ep4.webp' },
    ])
  })
})
