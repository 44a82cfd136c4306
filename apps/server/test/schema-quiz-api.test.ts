// The graded quiz as the site plays it: supabase-js with the anon key calling
// rpc('start_quiz') and rpc('answer_quiz') over HTTP, with the database's errors arriving as
// PostgREST-shaped 400s and the score landing in quiz_entries without any client insert.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './support/test-server.js'

interface Started {
  run_id: string
  expires_at: string
  questions: { id: number; question: string; options: string[] }[]
}

let server: Awaited<ReturnType<typeof startTestServer>>
let anon: SupabaseClient

beforeAll(async () => {
  server = await startTestServer({ seed: true })
  anon = server.client('anon')
})

afterAll(async () => {
  await server?.close()
})

async function start(name = 'Quiz Fan', email = 'quiz-api@example.com'): Promise<Started> {
  const { data, error } = await anon.rpc('start_quiz', { p_name: name, p_email: email })
  expect(error).toBeNull()
  return data as Started
}

async function answerKey(ids: number[]): Promise<Map<number, number>> {
  const { rows } = await server.adminPool.query<{ id: string; correct_index: number }>(
    'select id, correct_index from quiz_questions where id = any($1::bigint[])',
    [ids],
  )
  return new Map(rows.map((r) => [Number(r.id), r.correct_index]))
}

describe('quiz over the REST API', () => {
  it('plays a perfect run as anon and stores exactly one entry with score 10', async () => {
    const run = await start()
    expect(run.questions).toHaveLength(10)
    expect(JSON.stringify(run)).not.toContain('correct')
    const key = await answerKey(run.questions.map((q) => q.id))
    let last: unknown
    for (const q of run.questions) {
      const { data, error, status } = await anon.rpc('answer_quiz', {
        p_run_id: run.run_id,
        p_question_id: q.id,
        p_choice: key.get(q.id),
      })
      expect(error).toBeNull()
      expect(status).toBe(200)
      last = data
    }
    expect(last).toEqual({
      correct_index: key.get(run.questions[9]!.id),
      correct: true,
      answered: 10,
      score: 10,
      finished: true,
    })
    const { rows } = await server.adminPool.query(
      'select name, email, score from quiz_entries where run_id = $1',
      [run.run_id],
    )
    expect(rows).toEqual([{ name: 'Quiz Fan', email: 'quiz-api@example.com', score: 10 }])
  })

  it('answers a repeated answer with a 400 and the database message', async () => {
    const run = await start()
    const args = { p_run_id: run.run_id, p_question_id: run.questions[0]!.id, p_choice: 0 }
    expect((await anon.rpc('answer_quiz', args)).error).toBeNull()
    const { error, status } = await anon.rpc('answer_quiz', { ...args, p_choice: 1 })
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: 'P0001', message: 'question already answered' })
  })

  it('refuses a bad address at start with a 400', async () => {
    const { data, error, status } = await anon.rpc('start_quiz', {
      p_name: 'Fan',
      p_email: 'not-an-email',
    })
    expect(data).toBeNull()
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '22023', message: 'email must be a valid e-mail address' })
  })

  it('does not let anon post a score directly', async () => {
    const { error, status } = await anon
      .from('quiz_entries')
      .insert({ name: 'Cheat', email: 'cheat@example.com', score: 10 })
    expect(status).toBe(401)
    expect(error).toMatchObject({
      code: '42501',
      message: 'permission denied for table quiz_entries',
    })
    const { rows } = await server.adminPool.query(
      `select count(*)::int as n from quiz_entries where email = 'cheat@example.com'`,
    )
    expect(rows).toEqual([{ n: 0 }])
  })
})
